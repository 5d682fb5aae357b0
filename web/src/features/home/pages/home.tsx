// Home (/index): welcome card with the user and tenant, shortcuts to the modules the user may open.
import { ApartmentOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import type { AppRoute } from '../../../types/route';

function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

/** First page under a menu entry (the entry itself when it is a page). */
function entryPath(route: AppRoute, parent = ''): string | null {
  const full = `${parent}/${route.path}`;
  if (route.lazy) return full;
  for (const child of route.children ?? []) {
    if (child.hidden) continue;
    const found = entryPath(child, full);
    if (found) return found;
  }
  return null;
}

const BUILT_IN_ROLES: readonly string[] = ['administrator', 'administrator2', 'user'];

/** Built-in roles are stored by code and shown translated; custom roles show their own name. */
function roleLabel(t: TFunction, roleName: string): string {
  if (!roleName) return '-';
  return BUILT_IN_ROLES.includes(roleName) ? t(`common.role.${roleName}`) : roleName;
}

export default function HomePage() {
  const { t } = useTranslation();
  const name = useSession((s) => s.nickName || s.name);
  const account = useSession((s) => s.name);
  const tenantName = useSession((s) => s.tenantName || s.tenantId);
  const roleName = useSession((s) => s.roleName);
  const routes = useSession((s) => s.allowedRoutes);
  const shortcuts = routes
    .filter((r) => !r.hidden && r.path !== 'index' && r.menu)
    .map((r) => ({ route: r, to: entryPath(r) }))
    .filter((x): x is { route: AppRoute; to: string } => x.to !== null);

  return (
    <div className="page">
      <PageHeader title={t('menu.index')} />
      <Card className="welcome-card">
        <div className="welcome-card__body">
          <Avatar size={64} icon={<UserOutlined />} className="welcome-card__avatar" />
          <div className="welcome-card__text">
            <Typography.Title level={3} className="welcome-card__title">
              {t(greetingKey(new Date().getHours()), { name })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('home.welcome.subtitle')}</Typography.Text>
          </div>
        </div>
        <Descriptions
          className="welcome-card__facts"
          column={{ xs: 1, sm: 3 }}
          items={[
            {
              key: 'account',
              label: (
                <>
                  <IdcardOutlined /> {t('home.welcome.account')}
                </>
              ),
              children: account,
            },
            {
              key: 'tenant',
              label: (
                <>
                  <ApartmentOutlined /> {t('home.welcome.tenant')}
                </>
              ),
              children: tenantName,
            },
            {
              key: 'role',
              label: (
                <>
                  <UserOutlined /> {t('home.welcome.role')}
                </>
              ),
              children: roleLabel(t, roleName),
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]} className="home-sections">
        <Col xs={24} xl={16}>
          <Card title={t('home.shortcuts.title')}>
            {shortcuts.length === 0 ? (
              <Empty description={t('home.shortcuts.empty')} />
            ) : (
              <div className="shortcut-grid">
                {shortcuts.map(({ route, to }) => {
                  const Icon = route.icon;
                  return (
                    <Link key={route.path} to={to} className="shortcut">
                      <span className="shortcut__icon">{Icon && <Icon />}</span>
                      <span className="shortcut__label">{t(route.menu ?? '')}</span>
                    </Link>
                  );
                })}
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('home.overview.title')} className="overview-card">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.overview.coming')} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
