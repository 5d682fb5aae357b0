// Tenants and their users (/operator/users; docs/api-operations.md): tenants in aggregate (counts only), the users of
// the tenant chosen, and one user's quotas and permissions in a drawer.
import { Badge, Button, Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { formatTime } from '@/lib/telemetry/format';
import { EMPTY } from '@/lib/empty';

import { useTenants, useTenantUsers, type TenantRow, type TenantUserRow } from '../api/operator';
import { OperatorFrame } from '../components/operator-frame';
import { PrivilegeDrawer } from '../components/privilege-drawer';

export default function OperatorUsersPage() {
  const { t } = useTranslation();
  const [tenantSearch, setTenantSearch] = useState('');
  const [tenantPage, setTenantPage] = useState(1);
  const [tenant, setTenant] = useState<TenantRow | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const [userPage, setUserPage] = useState(1);
  const [user, setUser] = useState<number | null>(null);
  const tenants = useTenants(tenantSearch, tenantPage);
  const users = useTenantUsers(tenant?.id ?? null, userSearch, userPage);

  return (
    <OperatorFrame>
      <PageHeader title={t('operator.menu.users')} subTitle={t('operator.users.subtitle')} />
      <div className="operator-users">
        <Card size="small" title={t('operator.users.tenants')}>
          <Input.Search
            allowClear
            placeholder={t('operator.users.searchTenant')}
            onSearch={(v) => {
              setTenantSearch(v.trim());
              setTenantPage(1);
            }}
            style={{ marginBottom: 8 }}
          />
          <Table<TenantRow>
            rowKey="id"
            size="small"
            loading={tenants.isFetching}
            dataSource={tenants.data?.items ?? []}
            rowClassName={(r) => (r.id === tenant?.id ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({
              onClick: () => {
                setTenant(r);
                setUserPage(1);
              },
            })}
            pagination={{
              current: tenantPage,
              total: tenants.data?.total ?? 0,
              pageSize: 20,
              onChange: setTenantPage,
              size: 'small',
              showSizeChanger: false,
            }}
            locale={{ emptyText: t('operator.users.noTenants') }}
            columns={[
              { title: t('operator.users.tenant'), dataIndex: 'name', ellipsis: true },
              { title: t('operator.users.userCount'), dataIndex: 'users', align: 'right', width: 72 },
              {
                title: t('operator.users.deviceCount'),
                key: 'devices',
                align: 'right',
                width: 96,
                render: (_, r) => `${r.online} / ${r.devices}`,
              },
            ]}
          />
        </Card>
        <Card
          size="small"
          title={tenant ? t('operator.users.usersOf', { name: tenant.name }) : t('operator.users.users')}
        >
          {tenant === null ? (
            <p className="text-secondary">{t('operator.users.chooseTenant')}</p>
          ) : (
            <>
              <Input.Search
                allowClear
                placeholder={t('operator.users.searchUser')}
                onSearch={(v) => {
                  setUserSearch(v.trim());
                  setUserPage(1);
                }}
                style={{ marginBottom: 8, maxWidth: 320 }}
              />
              <Table<TenantUserRow>
                rowKey="id"
                size="small"
                loading={users.isFetching}
                dataSource={users.data?.items ?? []}
                scroll={{ x: 560 }}
                pagination={{
                  current: userPage,
                  total: users.data?.total ?? 0,
                  pageSize: 20,
                  onChange: setUserPage,
                  size: 'small',
                  showSizeChanger: false,
                }}
                locale={{ emptyText: t('operator.users.noUsers') }}
                columns={[
                  { title: t('operator.users.userName'), dataIndex: 'user_name' },
                  {
                    title: t('operator.users.nick'),
                    dataIndex: 'nick_name',
                    render: (v: string) => v || EMPTY,
                  },
                  {
                    title: t('operator.users.role'),
                    dataIndex: 'role_name',
                    render: (v: string) => <Tag>{v}</Tag>,
                  },
                  {
                    title: t('operator.users.state'),
                    dataIndex: 'is_active',
                    render: (v: boolean) => (
                      <Badge
                        status={v ? 'success' : 'default'}
                        text={t(v ? 'operator.users.active' : 'operator.users.locked')}
                      />
                    ),
                  },
                  {
                    title: t('operator.users.lastLogin'),
                    dataIndex: 'last_login_at',
                    render: (v: number | null) => (v ? formatTime(v) : EMPTY),
                  },
                  {
                    title: t('operator.users.actions'),
                    key: 'actions',
                    fixed: 'right',
                    render: (_, r) => (
                      <Button size="small" onClick={() => setUser(r.id)}>
                        {t('operator.users.edit')}
                      </Button>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Card>
      </div>
      <PrivilegeDrawer open={user !== null} userId={user} onClose={() => setUser(null)} />
    </OperatorFrame>
  );
}
