// The signed-in console: sidebar (a drawer on phones), header, the alarm banner, tab bar, page outlet, the (possibly
// forced) password dialog and the notices that pop up once. The phone's drawer and the simulation banner load when
// first shown: a desktop's first screen has neither.
import { App, Layout } from 'antd';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';

import { BrandLogo } from '@/components/brand-logo';
import { useIsPhone } from '@/components/use-phone';
import { useHeartbeat } from '@/features/auth';
import { useTenantBrand } from '@/lib/brand/tenant-brand';
import { addTab, useAppState, useSession } from '@/lib/session';
import { useViewerZone } from '@/lib/timezone';
import { AlarmBanner } from './alarm-banner';
import { AppHeader } from './app-header';
import { ChangePasswordModal } from './deferred-modals';
import { NoticePopup } from './notice-popup';
import { pageTab } from './page-tab';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { useLogout } from './use-logout';

const PhoneDrawer = lazy(() => import('./phone-drawer'));
const SimulationBanner = lazy(() =>
  import('@/features/team/components/simulation-banner').then((m) => ({ default: m.SimulationBanner })),
);

export function ConsoleLayout() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const zone = useViewerZone();
  const phone = useIsPhone();
  const collapsed = !useAppState((s) => s.sidebarOpened);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is loaded by its first opening, and kept (it animates closed).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const simulating = useSession((s) => s.simulation !== null);
  const mustChangePassword = useSession((s) => s.mustChangePassword);
  const token = useSession((s) => s.token);
  useHeartbeat(token !== '');
  useTenantBrand(token !== '');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const logout = useLogout();
  const location = useLocation();
  const tab = pageTab(useMatches(), location);
  const tabName = tab?.name;
  const tabUrl = tab?.url;
  const titleKey = tab?.titleKey;
  const here = `${location.pathname}${location.search}`;
  const [drawerPage, setDrawerPage] = useState(here);
  if (drawerPage !== here || (drawerOpen && !phone)) {
    // The drawer closes on any navigation (a menu item, the browser's back) and when the window grows past a phone.
    setDrawerPage(here);
    setDrawerOpen(false);
  }
  const closeDrawer = () => {
    setDrawerOpen(false);
  };

  useEffect(() => {
    if (tabName && tabUrl && titleKey) addTab({ name: tabName, url: tabUrl, titleKey });
  }, [tabName, tabUrl, titleKey]);

  const confirmLogout = () => {
    void modal.confirm({
      title: t('layout.user.logoutTitle'),
      content: t('layout.user.logoutContent'),
      okText: t('layout.user.logout'),
      cancelText: t('common.action.cancel'),
      okButtonProps: { danger: true },
      onOk: logout,
    });
  };

  return (
    <Layout className={phone ? 'console console--phone' : 'console'}>
      {phone ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <PhoneDrawer open={drawerOpen} onClose={closeDrawer} label={t('layout.header.menu')}>
              <div className="console__brand">
                <BrandLogo tone="dark" size={30} />
              </div>
              <SideMenu collapsed={false} onNavigate={closeDrawer} withTopBar />
            </PhoneDrawer>
          </Suspense>
        )
      ) : (
        <Layout.Sider
          className="console__sider"
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={224}
          collapsedWidth={64}
        >
          <div className="console__brand">
            <BrandLogo compact={collapsed} tone="dark" size={30} />
          </div>
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout className="console__main">
        {simulating && (
          <Suspense fallback={null}>
            <SimulationBanner />
          </Suspense>
        )}
        <AppHeader
          phone={phone}
          onOpenMenu={() => {
            setDrawerOpen(true);
          }}
          onChangePassword={() => {
            setPasswordOpen(true);
          }}
          onLogout={confirmLogout}
        />
        <AlarmBanner />
        <TabBar />
        <Layout.Content className="console__content">
          {/* A page is drawn again when the user's time zone changes: its times are read through lib/timezone. */}
          <Fragment key={zone}>
            <Outlet />
          </Fragment>
        </Layout.Content>
      </Layout>
      <ChangePasswordModal
        open={mustChangePassword || passwordOpen}
        forced={mustChangePassword}
        onClose={() => {
          setPasswordOpen(false);
        }}
        onLogout={() => void logout()}
      />
      <NoticePopup />
    </Layout>
  );
}
