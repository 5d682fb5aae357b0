// Roles (/team/role, P52000): list with create/edit (permissions, home page, fullscreen) and delete.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCan } from '../../../components/can';
import { PageHeader } from '../../../components/page-header';
import { Perm, Role } from '../../../lib/permissions';
import { useAppState } from '../../../lib/session';
import { useDeleteRole } from '../api/delete-role';
import { usePermissionTree } from '../api/get-permission-tree';
import { useRoles, type RoleListParams } from '../api/list-roles';
import { RoleFormModal } from '../components/role-form-modal';
import { useRoleLabel } from '../hooks/use-role-label';
import { formatTime } from '../lib/format';
import type { RoleOut } from '../types';
import '../team.css';

export default function RolePage() {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const canManage = useCan(Perm.ROLE);
  const [params, setParams] = useState<RoleListParams>({ page: 1, page_size: 20 });
  const roles = useRoles(params);
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
      render: (_: unknown, r) => (
        <Space size={8}>
          <Typography.Text strong>{roleLabel(r.code, r.name)}</Typography.Text>
          {r.type === 'default' && <Tag>{t('team.role.builtIn')}</Tag>}
        </Space>
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
      render: (_: unknown, r) => pageName(r.home_page),
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
    columns.push({
      title: t('team.role.column.actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, r) => {
        const fixed = r.code === Role.ADMINISTRATOR;
        return (
          <Space size={12} className="team-actions">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              disabled={fixed}
              onClick={() => {
                setEditing(r);
                setOpen(true);
              }}
            >
              {t('team.action.edit')}
            </Button>
            {r.type === 'custom' && (
              // Built-in roles cannot be deleted: they offer no delete at all (the server refuses it too).
              <Popconfirm
                title={t('team.role.deleteConfirm', { name: roleLabel(r.code, r.name) })}
                description={
                  r.user_count > 0 ? t('team.role.deleteInUse', { count: r.user_count }) : undefined
                }
                okText={t('team.action.delete')}
                cancelText={t('common.action.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => {
                  remove.mutate(r.id);
                }}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('team.action.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

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
        <div className="team-toolbar">
          <Input.Search
            className="team-toolbar__search"
            allowClear
            placeholder={t('team.role.searchPlaceholder')}
            aria-label={t('team.role.searchPlaceholder')}
            onSearch={(value) => setParams((p) => ({ ...p, page: 1, keyword: value.trim() || undefined }))}
          />
        </div>
        <Table<RoleOut>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={roles.data?.items ?? []}
          loading={roles.isPending || (roles.isFetching && roles.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
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
            showTotal: (total) => t('team.pagination.total', { total }),
          }}
          onChange={(pagination) =>
            setParams((p) => ({ ...p, page: pagination.current ?? 1, page_size: pagination.pageSize ?? 20 }))
          }
        />
      </Card>
      <RoleFormModal open={open} role={editing} onClose={() => setOpen(false)} />
    </div>
  );
}
