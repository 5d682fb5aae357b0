// App-wide providers: beside the routes antd's feedback host (toasts, confirm dialogs, the offline prompt), loaded
// once wanted. antd's theme and locale and the server-state cache (TanStack Query) wrap the pages in the antd layout
// route (layouts/antd-layout.tsx): /login loads neither.
import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

import { feedbackStore } from '@/lib/toast';

const wantedNow = () => feedbackStore.getState().wanted;

function FeedbackSlot() {
  const wanted = useSyncExternalStore(feedbackStore.subscribe, wantedNow);
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Host) return;
    import('./feedback-host')
      .then((module) => {
        setHost(() => module.default);
      })
      .catch(() => {
        // Offline, say: the next toast asks again (the queued ones wait).
        feedbackStore.setState({ wanted: false });
      });
  }, [wanted, Host]);
  return Host ? <Host /> : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <FeedbackSlot />
    </>
  );
}
