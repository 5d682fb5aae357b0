// The signed-in console: sidebar, header, tab bar, page outlet, and the (possibly forced) password dialog.
import { App, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';

import { BrandLogo } from '../../components/brand-logo';
import { ChangePasswordModal, useHeartbeat } from '../../features/auth';
import { SimulationBanner } from '../../features/team';
import { addTab, useAppState, useSession } from '../../lib/session';
import { AppHeader } from './app-header';
import { pageTab } from './page-tab';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { useLogout } from './use-logout';

export function ConsoleLayout() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const collapsed = !useAppState((s) => s.sidebarOpened);
  const mustChangePassword = useSession((s) => s.mustChangePassword);
  const token = useSession((s) => s.token);
  useHeartbeat(token !== '');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const logout = useLogout();
  const location = useLocation();
  const tab = pageTab(useMatches(), location);
  const tabName = tab?.name;
  const tabUrl = tab?.url;
  const titleKey = tab?.titleKey;

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
    <Layout className="console">
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
      <Layout className="console__main">
        <SimulationBanner />
        <AppHeader
          onChangePassword={() => {
            setPasswordOpen(true);
          }}
          onLogout={confirmLogout}
        />
        <TabBar />
        <Layout.Content className="console__content">
          <Outlet />
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
    </Layout>
  );
}
