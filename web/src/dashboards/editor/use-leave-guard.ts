// Leaving with unsaved changes (SPEC §4): another page of the console asks first (react-router's blocker, answered
// in a confirm dialog), and closing or reloading the tab gets the browser's own prompt (beforeunload).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

import { confirmDialog } from '@/lib/toast';

export function useLeaveGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      type: 'warning',
      title: t('dashboards.editor.leaveTitle'),
      content: t('dashboards.editor.leaveContent'),
      okText: t('dashboards.editor.leaveOk'),
      cancelText: t('common.action.cancel'),
    }).then((ok) => {
      if (ok) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
