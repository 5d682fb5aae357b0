// Leaving with unsaved changes (issue 15 point 2): another route asks first (react-router's blocker, answered by a
// confirm dialog), and closing or reloading the tab gets the browser's own prompt (beforeunload).
import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

export function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}
