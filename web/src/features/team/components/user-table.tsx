// The users table (shared by the user list and the group members): columns, tags, lock switch, actions.
import { DeleteOutlined, EditOutlined, MoreOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Popconfirm, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCan } from '../../../components/can';
import { Perm, Role } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useSetUserActive } from '../api/set-user-active';
import { useRoleLabel } from '../hooks/use-role-label';
import { formatTime } from '../lib/format';
import { sortOrderOf } from '../lib/sort';
import { isBuiltInRole, tagColor } from '../lib/tags';
import type { UserOut, UserSort } from '../types';
import { EMPTY } from '../../../lib/empty';

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
      width: 140,
      ellipsis: true,
      ...(compact ? {} : { sorter: true, sortOrder: sortOrderOf(sort, 'user_name') }),
    },
    {
      title: t('team.user.column.nickName'),
      dataIndex: 'nick_name',
      key: 'nick_name',
      width: 110,
      ellipsis: true,
      render: (v: string | null) => v || EMPTY,
    },
    {
      title: t('team.user.column.phone'),
      dataIndex: 'phone',
      key: 'phone',
      width: 130,
      render: (v: string | null) => v || EMPTY,
    },
    {
      title: t('team.user.column.email'),
      dataIndex: 'email',
      key: 'email',
      width: 180,
      ellipsis: true,
      render: (v: string | null) => v || EMPTY,
    },
    {
      title: t('team.user.column.role'),
      key: 'role',
      width: 120,
      ellipsis: true,
      render: (_: unknown, u) => roleLabel(u.role_code, u.role_name),
    },
    ...(compact
      ? []
      : [
          {
            title: t('team.user.column.group'),
            dataIndex: 'group_name',
            key: 'group',
            width: 120,
            ellipsis: true,
            render: (v: string | null) => v || EMPTY,
          },
          {
            title: t('team.user.column.tags'),
            key: 'tags',
            width: 240,
            render: (_: unknown, u: UserOut) =>
              u.tags.length === 0 ? (
                EMPTY
              ) : (
                <div className="team-tags">
                  {u.tags.map((tag) => (
                    <Tag key={`${tag.kind}-${tag.label}`} color={tagColor(tag.kind)}>
                      {isBuiltInRole(tag.label) ? t(`common.role.${tag.label}`) : tag.label}
                    </Tag>
                  ))}
                </div>
              ),
          },
        ]),
    {
      title: t('team.user.column.state'),
      key: 'state',
      width: 100,
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
      ...(compact ? {} : { sorter: true, sortOrder: sortOrderOf(sort, 'create_time') }),
      render: (v: number) => formatTime(v),
    },
  ];

  if (!compact && canManage && onAction) {
    columns.push({
      title: t('team.user.column.actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_: unknown, u) => {
        const admin = isAdministrator(u);
        const self = String(u.id) === selfId;
        return (
          <Space size={12} className="team-actions">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onAction('edit', u)}>
              {t('team.action.edit')}
            </Button>
            {!admin && (
              <Button
                type="link"
                size="small"
                icon={<SafetyOutlined />}
                onClick={() => onAction('permissions', u)}
              >
                {t('team.action.permissions')}
              </Button>
            )}
            {!admin && !self && (
              <Popconfirm
                title={t('team.user.deleteConfirm', { name: u.user_name })}
                description={t('team.user.deleteHint')}
                okText={t('team.action.delete')}
                cancelText={t('common.action.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => {
                  remove.mutate(u.id);
                }}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('team.action.delete')}
                </Button>
              </Popconfirm>
            )}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'password', label: t('team.action.resetPassword') },
                  { key: 'quota', label: t('team.action.quota') },
                  ...(canSimulate && !admin && !self && u.is_active === 1
                    ? [{ key: 'simulate', label: t('team.action.simulate') }]
                    : []),
                ],
                onClick: ({ key }) => onAction(key as UserAction, u),
              }}
            >
              <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('team.action.more')} />
            </Dropdown>
          </Space>
        );
      },
    });
  }

  return (
    <Table<UserOut>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      rowSelection={rowSelection}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
