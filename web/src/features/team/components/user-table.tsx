// The users table (shared by the user list and the group members): columns, tags, lock switch, actions.
import { Empty, Popconfirm, Switch, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCan } from '@/components/can';
import { CellTags } from '@/components/table/cell-tags';
import { CellText } from '@/components/table/cell-text';
import { actionColumn, FROM_XXL, FROM_XXXL, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { Perm, Role } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useSetUserActive } from '../api/set-user-active';
import { useRoleLabel } from '../hooks/use-role-label';
import { formatTime } from '../lib/format';
import { sortOrderOf } from '../lib/sort';
import { isBuiltInRole, tagColor } from '../lib/tags';
import type { UserOut, UserSort } from '../types';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

export type UserAction = 'edit' | 'password' | 'permissions' | 'quota' | 'simulate';

interface UserTableProps {
  users: UserOut[];
  loading: boolean;
  sort?: UserSort | undefined;
  pagination: TableProps<UserOut>['pagination'];
  onChange?: TableProps<UserOut>['onChange'];
  onAction?: (action: UserAction, user: UserOut) => void;
  /** Group members view: fewer columns, no row actions. */
  compact?: boolean;
  rowSelection?: TableProps<UserOut>['rowSelection'];
  emptyText: string;
}

const isAdministrator = (u: UserOut): boolean => u.role_code === Role.ADMINISTRATOR;

export function UserTable({
  users,
  loading,
  sort,
  pagination,
  onChange,
  onAction,
  compact = false,
  rowSelection,
  emptyText,
}: UserTableProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const selfId = useSession((s) => s.userId);
  const simulating = useSession((s) => s.simulation !== null);
  const canManage = useCan(Perm.USER);
  const canSimulate = useCan(Role.ADMINISTRATOR) && !simulating;
  const setActive = useSetUserActive();
  const remove = useDeleteUser();

  const columns: NonNullable<TableProps<UserOut>['columns']> = [
    {
      title: t('team.user.column.userName'),
      dataIndex: 'user_name',
      key: 'user_name',
      fixed: 'left',
      width: 130,
      ...(compact ? {} : { sorter: true, sortOrder: sortOrderOf(sort, 'user_name') }),
      render: (v: string) => <CellText>{v}</CellText>,
    },
    {
      title: t('team.user.column.nickName'),
      dataIndex: 'nick_name',
      key: 'nick_name',
      width: 110,
      render: (v: string | null) => <CellText>{v || EMPTY}</CellText>,
    },
    {
      title: t('team.user.column.phone'),
      dataIndex: 'phone',
      key: 'phone',
      width: 120,
      responsive: FROM_XXL,
      render: (v: string | null) => <CellText>{v || EMPTY}</CellText>,
    },
    {
      title: t('team.user.column.email'),
      dataIndex: 'email',
      key: 'email',
      minWidth: 160,
      render: (v: string | null) => <CellText>{v || EMPTY}</CellText>,
    },
    {
      title: t('team.user.column.role'),
      key: 'role',
      width: 120,
      render: (_: unknown, u) => <CellText>{roleLabel(u.role_code, u.role_name)}</CellText>,
    },
    ...(compact
      ? []
      : [
          {
            title: t('team.user.column.group'),
            dataIndex: 'group_name',
            key: 'group',
            width: 110,
            render: (v: string | null) => <CellText>{v || EMPTY}</CellText>,
          },
          {
            title: t('team.user.column.tags'),
            key: 'tags',
            width: 160,
            // Role and group have their own columns; the tags repeat them with the rest.
            responsive: FROM_XXL,
            render: (_: unknown, u: UserOut) => (
              <CellTags
                tags={u.tags.map((tag) => ({
                  key: `${tag.kind}-${tag.label}`,
                  label: isBuiltInRole(tag.label) ? t(`common.role.${tag.label}`) : tag.label,
                  color: tagColor(tag.kind),
                }))}
              />
            ),
          },
        ]),
    {
      title: t('team.user.column.state'),
      key: 'state',
      width: 90,
      render: (_: unknown, u) => {
        const active = u.is_active === 1;
        const label = active ? t('team.user.state.active') : t('team.user.state.locked');
        const locked = compact || !canManage || isAdministrator(u) || String(u.id) === selfId;
        const control = (
          <Switch
            size="small"
            checked={active}
            checkedChildren={t('team.user.state.activeShort')}
            unCheckedChildren={t('team.user.state.lockedShort')}
            disabled={locked}
            loading={setActive.isPending && setActive.variables.id === u.id}
            aria-label={label}
          />
        );
        if (locked) return <Tooltip title={label}>{control}</Tooltip>;
        return (
          <Popconfirm
            title={
              active
                ? t('team.user.lockConfirm', { name: u.user_name })
                : t('team.user.unlockConfirm', { name: u.user_name })
            }
            description={active ? t('team.user.lockHint') : undefined}
            okText={t('common.action.confirm')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ danger: active }}
            onConfirm={() => {
              setActive.mutate({ id: u.id, isActive: active ? 0 : 1 });
            }}
          >
            {control}
          </Popconfirm>
        );
      },
    },
    ...(compact
      ? []
      : [
          {
            title: t('team.user.column.lastLogin'),
            dataIndex: 'last_login_time',
            key: 'last_login_time',
            width: 150,
            sorter: true,
            sortOrder: sortOrderOf(sort, 'last_login_time'),
            render: (v: number | null) => formatTime(v),
          },
        ]),
    {
      title: t('team.user.column.createTime'),
      dataIndex: 'create_time',
      key: 'create_time',
      width: 150,
      // Next to the last login the creation time is the least asked for.
      ...(compact
        ? {}
        : { sorter: true, sortOrder: sortOrderOf(sort, 'create_time'), responsive: FROM_XXXL }),
      render: (v: number) => formatTime(v),
    },
  ];

  if (!compact && canManage && onAction) {
    columns.push(
      actionColumn<UserOut>({
        title: t('team.user.column.actions'),
        labels: [t('team.action.edit'), t('team.action.permissions')],
        more: true,
        render: (u) => {
          const admin = isAdministrator(u);
          const self = String(u.id) === selfId;
          return (
            <RowActions
              moreLabel={t('team.action.more')}
              actions={[
                { key: 'edit', label: t('team.action.edit'), onClick: () => onAction('edit', u) },
                !admin && {
                  key: 'permissions',
                  label: t('team.action.permissions'),
                  onClick: () => onAction('permissions', u),
                },
                {
                  key: 'password',
                  label: t('team.action.resetPassword'),
                  menu: true,
                  onClick: () => onAction('password', u),
                },
                {
                  key: 'quota',
                  label: t('team.action.quota'),
                  menu: true,
                  onClick: () => onAction('quota', u),
                },
                canSimulate &&
                  !admin &&
                  !self &&
                  u.is_active === 1 && {
                    key: 'simulate',
                    label: t('team.action.simulate'),
                    menu: true,
                    onClick: () => onAction('simulate', u),
                  },
                !admin &&
                  !self && {
                    key: 'delete',
                    label: t('team.action.delete'),
                    danger: true,
                    menu: true,
                    confirm: {
                      title: t('team.user.deleteConfirm', { name: u.user_name }),
                      content: t('team.user.deleteHint'),
                      okText: t('team.action.delete'),
                    },
                    onClick: () => {
                      remove.mutate(u.id);
                    },
                  },
              ]}
            />
          );
        },
      }),
    );
  }
  const scroll = useFitScroll(columns, { selection: rowSelection !== undefined });

  return (
    <DataTable<UserOut>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      rowSelection={rowSelection}
      scroll={scroll}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
