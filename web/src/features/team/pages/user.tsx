// Users (/team/user, P53000): searchable, filterable, server-paged list with create/edit, password reset,
// permissions, quotas, lock/unlock, simulated login and delete.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { Perm } from '@/lib/permissions';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { useUsers } from '../api/list-users';
import { useRoleOptions } from '../api/list-roles';
import { GroupSelect } from '../components/group-select';
import { QuotaModal } from '../components/quota-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFormModal } from '../components/user-form-modal';
import { UserPermissionModal } from '../components/user-permission-modal';
import { UserTable, type UserAction } from '../components/user-table';
import { useRoleLabel } from '../hooks/use-role-label';
import { useSimulation } from '../hooks/use-simulation';
import { toSortParam, USER_SORTS } from '../lib/sort';
import type { UserListParams, UserOut } from '../types';
import '../team.css';

/** The list's filters and sort in the URL; no sort means the server's (newest first). */
const LIST_PARAMS: ParamSpec<Omit<UserListParams, 'page' | 'page_size'>> = {
  keyword: param.text,
  role_id: param.id,
  group_id: param.id,
  is_active: param.oneOf([0, 1] as const),
  sort: param.oneOf(USER_SORTS),
};

type Dialog = { kind: Exclude<UserAction, 'simulate'> | 'create'; user: UserOut | null } | null;

export default function UserPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListParams(LIST_PARAMS);
  const params: UserListParams = list.params;
  const users = useUsers(params);
  useClampPage(list, users.data?.total);
  const roles = useRoleOptions();
  const roleLabel = useRoleLabel();
  const simulation = useSimulation();
  // The dialog keeps its user while it closes (no flash of an empty title during the animation).
  const [dialog, setDialog] = useState<Dialog>(null);
  const [open, setOpen] = useState(false);
  const show = (next: NonNullable<Dialog>) => {
    setDialog(next);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const { filter } = list;
  const filtered =
    Boolean(params.keyword) ||
    params.role_id !== undefined ||
    params.group_id !== undefined ||
    params.is_active !== undefined;

  const onAction = (action: UserAction, user: UserOut) => {
    if (action !== 'simulate') {
      show({ kind: action, user });
      return;
    }
    void modal.confirm({
      title: t('team.simulate.confirmTitle', { name: user.user_name }),
      content: t('team.simulate.confirmContent'),
      okText: t('team.simulate.start'),
      cancelText: t('common.action.cancel'),
      onOk: () => simulation.start(user.id).catch(() => undefined),
    });
  };

  return (
    <div className="page">
      <PageHeader
        title={t('menu.user')}
        subTitle={t('team.user.subtitle')}
        extra={
          <Can perm={Perm.USER}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => show({ kind: 'create', user: null })}
            >
              {t('team.user.create')}
            </Button>
          </Can>
        }
      />
      <Card>
        <ListToolbar className="team-toolbar">
          <ListSearch
            className="team-toolbar__search"
            value={params.keyword}
            placeholder={t('team.user.searchPlaceholder')}
            onSearch={(q) => filter({ keyword: q })}
          />
          <Select
            className="team-toolbar__filter"
            allowClear
            placeholder={t('team.user.filter.role')}
            aria-label={t('team.user.filter.role')}
            value={params.role_id}
            loading={roles.isPending}
            options={(roles.data?.items ?? []).map((r) => ({
              value: r.id,
              label: roleLabel(r.code, r.name),
            }))}
            onChange={(v: number | undefined) => filter({ role_id: v })}
          />
          <GroupSelect
            className="team-toolbar__filter"
            value={params.group_id ?? null}
            placeholder={t('team.user.filter.group')}
            onChange={(v) => filter({ group_id: v ?? undefined })}
          />
          <Select
            className="team-toolbar__filter"
            allowClear
            placeholder={t('team.user.filter.state')}
            aria-label={t('team.user.filter.state')}
            value={params.is_active}
            options={[
              { value: 1, label: t('team.user.state.active') },
              { value: 0, label: t('team.user.state.locked') },
            ]}
            onChange={(v: 0 | 1 | undefined) => filter({ is_active: v })}
          />
          <div className="team-toolbar__spacer" />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('team.action.refresh')}
            loading={users.isFetching}
            onClick={() => void users.refetch()}
          />
        </ListToolbar>
        <UserTable
          users={users.data?.items ?? []}
          loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
          sort={params.sort}
          emptyText={filtered ? t('team.user.noMatch') : t('team.user.empty')}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('team.pagination.total', { total }),
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort = toSortParam(s?.columnKey ?? s?.field, s?.order);
            list.update({
              page: sort === params.sort ? (pagination.current ?? 1) : 1,
              page_size: pagination.pageSize ?? params.page_size,
              sort,
            });
          }}
          onAction={onAction}
        />
      </Card>
      <UserFormModal
        open={open && (dialog?.kind === 'create' || dialog?.kind === 'edit')}
        user={dialog?.kind === 'edit' ? dialog.user : null}
        onClose={close}
      />
      <ResetPasswordModal
        open={open && dialog?.kind === 'password'}
        user={dialog?.user ?? null}
        onClose={close}
      />
      <UserPermissionModal
        open={open && dialog?.kind === 'permissions'}
        user={dialog?.user ?? null}
        onClose={close}
      />
      <QuotaModal open={open && dialog?.kind === 'quota'} user={dialog?.user ?? null} onClose={close} />
    </div>
  );
}
