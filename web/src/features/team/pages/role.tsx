// Roles (/team/role, P52000): list with create/edit (permissions, home page, fullscreen) and delete.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Tag } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { useCan } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { CellText } from '@/components/table/cell-text';
import { actionColumn, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { Perm, Role } from '@/lib/permissions';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { useAppState } from '@/lib/session';
import { useDeleteRole } from '../api/delete-role';
import { usePermissionTree } from '../api/get-permission-tree';
import { useRoles, type RoleListParams } from '../api/list-roles';
import { RoleFormModal } from '../components/role-form-modal';
import { useRoleLabel } from '../hooks/use-role-label';
import { formatTime } from '../lib/format';
import type { RoleOut } from '../types';
import '../team.css';
import { DataTable } from '@/components/table/data-table';

const LIST_PARAMS: ParamSpec<Omit<RoleListParams, 'page' | 'page_size'>> = { keyword: param.text };

export default function RolePage() {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const canManage = useCan(Perm.ROLE);
  const list = useListParams(LIST_PARAMS);
  const params: RoleListParams = list.params;
  const roles = useRoles(params);
  useClampPage(list, roles.data?.total);
  const tree = usePermissionTree();
  const roleLabel = useRoleLabel();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleOut | null>(null);
  const [open, setOpen] = useState(false);

  const pageName = (code: string | null): string => {
    if (!code) return t('team.role.defaultHome');
    const node = tree.data?.find((n) => n.code === code);
    return (language === 'en' ? node?.en : node?.zh) || code;
  };

  const columns: NonNullable<TableProps<RoleOut>['columns']> = [
    {
      title: t('team.role.column.name'),
      key: 'name',
      minWidth: 200,
      render: (_: unknown, r) => (
        <span className="team-role-name">
          <CellText className="team-role-name__text">{roleLabel(r.code, r.name)}</CellText>
          {r.type === 'default' && <Tag>{t('team.role.builtIn')}</Tag>}
        </span>
      ),
    },
    {
      title: t('team.role.column.permissions'),
      key: 'permissions',
      width: 120,
      render: (_: unknown, r) =>
        r.code === Role.ADMINISTRATOR
          ? t('team.role.allPermissions')
          : t('team.role.permissionCount', { count: r.permissions.length }),
    },
    {
      title: t('team.role.column.homePage'),
      key: 'home',
      width: 160,
      render: (_: unknown, r) => <CellText>{pageName(r.home_page)}</CellText>,
    },
    {
      title: t('team.role.column.fullscreen'),
      key: 'fullscreen',
      width: 120,
      render: (_: unknown, r) =>
        r.dashboard_fullscreen ? (
          <Tag color="processing">{t('team.role.yes')}</Tag>
        ) : (
          <Tag>{t('team.role.no')}</Tag>
        ),
    },
    { title: t('team.role.column.users'), dataIndex: 'user_count', key: 'users', width: 100 },
    {
      title: t('team.role.column.createTime'),
      dataIndex: 'create_time',
      key: 'create_time',
      width: 160,
      render: (v: number) => formatTime(v),
    },
  ];
  if (canManage) {
    columns.push(
      actionColumn<RoleOut>({
        title: t('team.role.column.actions'),
        labels: [t('team.action.edit'), t('team.action.delete')],
        more: false,
        render: (r) => (
          <RowActions
            moreLabel={t('team.action.more')}
            actions={[
              {
                key: 'edit',
                label: t('team.action.edit'),
                disabled: r.code === Role.ADMINISTRATOR,
                onClick: () => {
                  setEditing(r);
                  setOpen(true);
                },
              },
              // Built-in roles cannot be deleted: they offer no delete at all (the server refuses it too).
              r.type === 'custom' && {
                key: 'delete',
                label: t('team.action.delete'),
                danger: true,
                confirm: {
                  title: t('team.role.deleteConfirm', { name: roleLabel(r.code, r.name) }),
                  content: r.user_count > 0 ? t('team.role.deleteInUse', { count: r.user_count }) : undefined,
                  okText: t('team.action.delete'),
                },
                onClick: () => {
                  remove.mutate(r.id);
                },
              },
            ]}
          />
        ),
      }),
    );
  }
  const scroll = useFitScroll(columns);

  return (
    <div className="page">
      <PageHeader
        title={t('menu.role')}
        subTitle={t('team.role.subtitle')}
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
            >
              {t('team.role.create')}
            </Button>
          )
        }
      />
      <Card>
        <ListToolbar className="team-toolbar">
          <ListSearch
            className="team-toolbar__search"
            value={params.keyword}
            placeholder={t('team.role.searchPlaceholder')}
            onSearch={(q) => list.filter({ keyword: q })}
          />
        </ListToolbar>
        <DataTable<RoleOut>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={roles.data?.items ?? []}
          loading={roles.isPending || (roles.isFetching && roles.isPlaceholderData)}
          scroll={scroll}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={params.keyword ? t('team.role.noMatch') : t('team.role.empty')}
              />
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: roles.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('team.pagination.total', { total }),
          }}
          onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
        />
      </Card>
      <RoleFormModal open={open} role={editing} onClose={() => setOpen(false)} />
    </div>
  );
}
