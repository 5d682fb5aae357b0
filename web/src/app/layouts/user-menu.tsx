// The header's user menu (app-header.tsx loads it with the first click on the user's name): password, binding,
// the time zone, the alarm banner's settings, account cancellation and sign-out.
import {
  AlertOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

import DropdownMenu from '@/components/dropdown-menu';
import type { LazyMenuProps } from '@/components/lazy-dropdown';

export type UserMenuKey = 'password' | 'bind' | 'timeZone' | 'alarmBanner' | 'cancel' | 'logout';

interface UserMenuProps extends LazyMenuProps {
  simulating: boolean;
  canCountAlarms: boolean;
  canCancelAccount: boolean;
  onSelect: (key: UserMenuKey) => void;
}

export default function UserMenu({
  initiallyOpen,
  simulating,
  canCountAlarms,
  canCancelAccount,
  onSelect,
  children,
}: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu
      initiallyOpen={initiallyOpen}
      menu={{
        items: [
          { key: 'password', icon: <KeyOutlined />, label: t('layout.user.changePassword') },
          // Binds the signed-in user's own phone or email, so not while simulating another user.
          ...(simulating ? [] : [{ key: 'bind', icon: <MailOutlined />, label: t('auth.bind.menu') }]),
          // The user's own time zone (time-zone-modal.tsx): every time of the console follows it.
          { key: 'timeZone', icon: <ClockCircleOutlined />, label: t('layout.timeZone.menu') },
          // The alarm banner's level and sound (app/layouts/alarm-banner.tsx), for those it shows alarms to.
          ...(canCountAlarms
            ? [{ key: 'alarmBanner', icon: <AlertOutlined />, label: t('layout.alarmBanner.settings.menu') }]
            : []),
          ...(canCancelAccount
            ? [{ key: 'cancel', icon: <CloseCircleOutlined />, label: t('team.cancel.menu') }]
            : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.user.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          onSelect(key as UserMenuKey);
        },
      }}
    >
      {children}
    </DropdownMenu>
  );
}
