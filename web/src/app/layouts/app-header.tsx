// Header: sidebar toggle (the menu drawer's opener on phones), breadcrumb, the tenant's top bar entries (top-menu.tsx;
// on phones the menu drawer lists them), language, the export centre (exports at work), the bell (unconfirmed alarms
// and unread messages, live) and user menu. The breadcrumb is plain markup in
// antd's look (app/global.css) and the user menu (user-menu.tsx) loads with its first use
// (components/lazy-dropdown.tsx): antd's Breadcrumb and Dropdown are on no page's first screen.
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';

import { IconAvatar } from '@/components/icon-avatar';
import { LanguageSwitch } from '@/components/language-switch';
import { lazyMenu } from '@/components/lazy-dropdown';
import { useCan } from '@/components/can';
import { useAlarmCount } from '@/lib/alarms/alarm-count';
import { framedEntryName } from '@/lib/custom-menus/targets';
import { useAlarmRefresh } from '@/lib/alarms/use-alarm-refresh';
import { Perm, Role } from '@/lib/permissions';
import { setSidebarOpened, useAppState, useSession } from '@/lib/session';
import { isRouteHandle } from '../route-objects';
import { AlarmBell } from './alarm-bell';
import { useInboxRefresh, useUnreadMessages } from './bell-messages';
import {
  AlarmBannerSettingsModal,
  BindAccountModal,
  CancelAccountModal,
  TimeZoneModal,
} from './deferred-modals';
import { ExportButton } from './export-button';
import { TopMenu } from './top-menu';

const UserMenu = lazyMenu(() => import('./user-menu'));

interface AppHeaderProps {
  /** Phone layout: the toggle opens the menu drawer, and the header keeps to one row (icons, the page's name). */
  phone?: boolean;
  onOpenMenu?: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

export function AppHeader({ phone = false, onOpenMenu, onChangePassword, onLogout }: AppHeaderProps) {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const framedName = framedEntryName(
    useSession((s) => s.customPage?.custom_page_json),
    pathname,
  );
  const opened = useAppState((s) => s.sidebarOpened);
  const showBadge = useAppState((s) => s.bellBadge);
  const name = useSession((s) => s.nickName || s.name);
  const canSeeFaults = useCan(Perm.REAL_TIME_FAULT);
  // GET /rAlarmDev/count answers P73000 or P10000; refetched every minute and on every alarm push.
  const canCountAlarms = useCan(Perm.REAL_TIME_FAULT, Perm.HOME);
  const signedIn = useSession((s) => s.token !== '' && s.rolesLoaded);
  const alarmCount = useAlarmCount(signedIn && canCountAlarms);
  useAlarmRefresh(signedIn && canCountAlarms);
  const alarms = alarmCount.data?.unconfirmed ?? 0;
  // GET /yun/messageCenter/receive answers P71000; read again on every inbox push, and every minute besides.
  const canReadMessages = useCan(Perm.INBOX);
  const unreadMessages = useUnreadMessages(signedIn && canReadMessages);
  useInboxRefresh(signedIn && canReadMessages);
  const messages = canReadMessages ? (unreadMessages.data?.unread ?? 0) : 0;
  // Account cancellation is the administrator's, and not while simulating another user.
  const isAdministrator = useCan(Role.ADMINISTRATOR);
  const simulating = useSession((s) => s.simulation !== null);
  const canCancelAccount = isAdministrator && !simulating;
  const [cancelOpen, setCancelOpen] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const [bannerOpen, setBannerOpen] = useState(false);
  const [zoneOpen, setZoneOpen] = useState(false);

  const allCrumbs = matches
    .map((m): unknown => m.handle)
    .filter(isRouteHandle)
    .filter((h) => h.menu)
    .map((h) => ({ key: h.fullPath, title: t(h.menu ?? '') }));
  // A custom entry's framed page is named by the entry.
  const last = allCrumbs[allCrumbs.length - 1];
  if (framedName && last) allCrumbs[allCrumbs.length - 1] = { ...last, title: framedName };
  // A phone has room for the page's own name only.
  const crumbs = phone ? allCrumbs.slice(-1) : allCrumbs;

  return (
    <Layout.Header className={phone ? 'app-header app-header--phone' : 'app-header'}>
      <div className="app-header__left">
        {phone ? (
          <Button
            type="text"
            className="app-header__toggle"
            icon={<MenuOutlined />}
            aria-label={t('layout.header.openMenu')}
            onClick={onOpenMenu}
          />
        ) : (
          <Button
            type="text"
            className="app-header__toggle"
            icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={opened ? t('layout.header.collapse') : t('layout.header.expand')}
            onClick={() => {
              setSidebarOpened(!opened);
            }}
          />
        )}
        <nav className="app-breadcrumb" aria-label={t('layout.header.breadcrumb')}>
          <ol>
            {crumbs.map((crumb, i) => (
              <Fragment key={crumb.key}>
                {i > 0 && (
                  <li className="app-breadcrumb__separator" aria-hidden="true">
                    /
                  </li>
                )}
                <li aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{crumb.title}</li>
              </Fragment>
            ))}
          </ol>
        </nav>
      </div>
      {!phone && <TopMenu />}
      <div className="app-header__right">
        <LanguageSwitch compact={phone} />
        <ExportButton enabled={signedIn} />
        <AlarmBell
          alarms={canCountAlarms ? alarms : 0}
          messages={messages}
          showBadge={showBadge}
          countsAlarms={canCountAlarms}
          canListAlarms={canSeeFaults}
          canReadMessages={canReadMessages}
        />
        <UserMenu
          simulating={simulating}
          canCountAlarms={canCountAlarms}
          canCancelAccount={canCancelAccount}
          onSelect={(key) => {
            if (key === 'password') onChangePassword();
            else if (key === 'cancel') setCancelOpen(true);
            else if (key === 'bind') setBindOpen(true);
            else if (key === 'alarmBanner') setBannerOpen(true);
            else if (key === 'timeZone') setZoneOpen(true);
            else onLogout();
          }}
        >
          <Button type="text" className="app-header__user" aria-label={t('layout.user.menu')}>
            <IconAvatar size={28} icon={<UserOutlined />} className="app-header__avatar" />
            {!phone && <span className="app-header__name">{name}</span>}
          </Button>
        </UserMenu>
        <BindAccountModal
          open={bindOpen}
          onClose={() => {
            setBindOpen(false);
          }}
        />
        <CancelAccountModal
          open={cancelOpen}
          onClose={() => {
            setCancelOpen(false);
          }}
        />
        <AlarmBannerSettingsModal
          open={bannerOpen}
          onClose={() => {
            setBannerOpen(false);
          }}
        />
        <TimeZoneModal
          open={zoneOpen}
          onClose={() => {
            setZoneOpen(false);
          }}
        />
      </div>
    </Layout.Header>
  );
}
