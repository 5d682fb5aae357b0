// The operator console's frame (docs/api-operations.md): its own header and menu, apart from the tenants' console,
// and the guard of its pages: no operator session, back to /operator/login. The account menu opens the operator's
// own contacts, where the platform's alerts reach him.
import {
  ApiOutlined,
  AuditOutlined,
  BarChartOutlined,
  ContactsOutlined,
  DashboardOutlined,
  LogoutOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Layout, Menu, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { LanguageSwitch } from '@/components/language-switch';
import { useIsPhone } from '@/components/use-phone';

import { OPERATOR_LOGIN, operatorLogout, usePlatformAlerts } from '../api/operator';
import { useOperatorSession } from '../lib/session';
import { ContactDrawer } from './contact-drawer';
import '../operator.css';

export const OPERATOR_PAGES = [
  {
    key: '/operator/statistics',
    icon: <BarChartOutlined />,
    label: 'operator.menu.statistics',
    scope: 'statistics',
  },
  {
    key: '/operator/health',
    icon: <DashboardOutlined />,
    label: 'operator.menu.health',
    scope: 'monitoring',
  },
  { key: '/operator/users', icon: <TeamOutlined />, label: 'operator.menu.users', scope: 'users' },
  { key: '/operator/devices', icon: <ApiOutlined />, label: 'operator.menu.devices', scope: 'devices' },
  { key: '/operator/audit', icon: <AuditOutlined />, label: 'operator.menu.audit', scope: '' },
] as const;

/** The monitoring page's name with the count of open alerts not yet acknowledged. */
function AlertBadge({ label }: { label: string }) {
  const { t } = useTranslation();
  const alerts = usePlatformAlerts();
  const unacked = alerts.data?.unacked ?? 0;
  return (
    <span className="operator-frame__badged">
      {label}
      <Badge
        count={unacked}
        size="small"
        title={t('operator.health.alerts.unackedCount', { count: unacked })}
      />
    </span>
  );
}

export function OperatorFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useOperatorSession();
  const [contactOpen, setContactOpen] = useState(false);
  if (!session.token) return <Navigate to={OPERATOR_LOGIN} replace />;
  const scopes = new Set(session.operator?.scopes ?? []);
  const items = OPERATOR_PAGES.filter((p) => !p.scope || scopes.has(p.scope)).map((p) => ({
    key: p.key,
    icon: p.icon,
    label: p.scope === 'monitoring' ? <AlertBadge label={t(p.label)} /> : t(p.label),
  }));
  const signOut = () => {
    void operatorLogout().finally(() => {
      void navigate(OPERATOR_LOGIN, { replace: true });
    });
  };
  return (
    <Layout className="operator-frame">
      <Layout.Header className="operator-frame__header">
        <span className="operator-frame__title">{t('operator.title')}</span>
        {!phone && <Tag color="gold">{t('operator.badge')}</Tag>}
        <span className="operator-frame__spacer" />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'contact', icon: <ContactsOutlined />, label: t('operator.contact.menu') }],
            onClick: () => setContactOpen(true),
          }}
        >
          <Button
            type="text"
            icon={<UserOutlined />}
            className="operator-frame__who"
            title={t('operator.contact.account')}
            {...(phone ? { 'aria-label': t('operator.contact.account') } : {})}
          >
            {!phone && session.operator?.user_name}
          </Button>
        </Dropdown>
        <LanguageSwitch />
        <Button type="text" icon={<LogoutOutlined />} onClick={signOut} aria-label={t('operator.logout')}>
          {!phone && t('operator.logout')}
        </Button>
      </Layout.Header>
      <Layout>
        {!phone && (
          <Layout.Sider width={240} theme="light" className="operator-frame__sider">
            <Menu
              mode="inline"
              selectedKeys={[pathname]}
              items={items}
              onClick={({ key }) => void navigate(key)}
            />
          </Layout.Sider>
        )}
        <Layout.Content className="operator-frame__content">
          {phone && (
            <Menu
              mode="horizontal"
              selectedKeys={[pathname]}
              items={items}
              onClick={({ key }) => void navigate(key)}
            />
          )}
          {children}
        </Layout.Content>
      </Layout>
      <ContactDrawer open={contactOpen} onClose={() => setContactOpen(false)} />
    </Layout>
  );
}
