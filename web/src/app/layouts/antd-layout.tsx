// The layout route around every page but /login: the server-state cache (TanStack Query), antd's theme and
// locale, and antd's App for the pages' own `App.useApp()` dialogs. A chunk of its own, so /login loads neither antd
// (issue 13, point 3) nor TanStack Query (issue 33).
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

import { queryClient } from '@/lib/query-client';
import { loadSymbolFont } from '@/lib/symbol-font';
import { requestFeedback } from '@/lib/toast';
import { AntdRoot } from '../antd-root';

// The feedback host (lib/toast's antd instances, beside the routes) loads with this layout rather than at the
// first toast.
requestFeedback();
// The symbol font before any chart draws (lib/symbol-font.ts): a few KB, asked for at once by every page but the
// sign-in page, which shows none of its signs.
void loadSymbolFont();

export default function AntdLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdRoot>
        <AntApp className="app-root">
          <Outlet />
        </AntApp>
      </AntdRoot>
    </QueryClientProvider>
  );
}
