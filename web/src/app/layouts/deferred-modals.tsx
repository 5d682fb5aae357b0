// The console frame's modals (password, account binding, account cancellation, the alarm banner's confirm, shelve
// and settings dialogs, the notices that pop up), each loaded the first time it opens: their forms would otherwise
// bring antd's Form, Input, InputNumber, Radio, Select, Switch and Typography to every page, the home page included.
import { lazy, Suspense, useState, type ComponentType } from 'react';

import { loadConsoleTexts } from '@/lib/i18n';

function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  // Their texts are the frame's (lib/text-areas.ts: shell and console), in by the time the frame shows.
  const Modal = lazy(async () => ({ default: (await Promise.all([load(), loadConsoleTexts()]))[0] }));
  return function Deferred(props: P) {
    // Kept once opened, so that it can animate closed and keep its state like an eagerly rendered modal.
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}

const byOpenProp = (props: { open: boolean }): boolean => props.open;

export const ChangePasswordModal = deferred(
  () => import('@/features/auth/components/change-password-modal').then((m) => m.ChangePasswordModal),
  byOpenProp,
);
export const BindAccountModal = deferred(
  () => import('@/features/auth/components/bind-account-modal').then((m) => m.BindAccountModal),
  byOpenProp,
);
export const CancelAccountModal = deferred(
  () => import('@/features/team/components/cancel-account-modal').then((m) => m.CancelAccountModal),
  byOpenProp,
);
export const AlarmBannerSettingsModal = deferred(
  () => import('./alarm-banner-settings-modal').then((m) => m.AlarmBannerSettingsModal),
  byOpenProp,
);
export const TimeZoneModal = deferred(
  () => import('./time-zone-modal').then((m) => m.TimeZoneModal),
  byOpenProp,
);
export const ConfirmAlarmsModal = deferred(
  () => import('@/components/alarms/confirm-alarms-modal').then((m) => m.ConfirmAlarmsModal),
  (props) => props.ids.length > 0,
);
export const ShelveAlarmsModal = deferred(
  () => import('@/components/alarms/shelve-alarms-modal').then((m) => m.ShelveAlarmsModal),
  (props) => props.alarms.length > 0,
);
export const NoticeModal = deferred(() => import('./notice-modal').then((m) => m.NoticeModal), byOpenProp);
