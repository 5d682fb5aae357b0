// App-wide providers: the server-state cache, and beside the routes antd's feedback host (toasts, confirm
// dialogs, the offline prompt), loaded once wanted. antd's theme and locale wrap the pages in the antd layout
// route (layouts/antd-layout.tsx): /login loads no antd.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

import { queryClient } from '@/lib/query-client';
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
    <QueryClientProvider client={queryClient}>
      {children}
      <FeedbackSlot />
    </QueryClientProvider>
  );
}
