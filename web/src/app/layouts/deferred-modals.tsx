// The console frame's modals (password, account binding, account cancellation), each loaded the first time it opens:
// their forms would otherwise bring antd's Form and Input to every page, the home page included (~30 KB gzip).
import { lazy, Suspense, useState, type ComponentType } from 'react';

function deferred<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Modal = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    // Kept once opened, so that it can animate closed and keep its state like an eagerly rendered modal.
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}

export const ChangePasswordModal = deferred(() =>
  import('@/features/auth/components/change-password-modal').then((m) => m.ChangePasswordModal),
);
export const BindAccountModal = deferred(() =>
  import('@/features/auth/components/bind-account-modal').then((m) => m.BindAccountModal),
);
export const CancelAccountModal = deferred(() =>
  import('@/features/team/components/cancel-account-modal').then((m) => m.CancelAccountModal),
);
