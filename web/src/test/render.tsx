// Test helper: renders routes inside the app's providers: TanStack Query (a fresh client without retries unless
// one is given), antd in zh with lib/toast bound to its App, a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { FeedbackBridge } from '@/app/feedback-bridge';

export interface RenderRoutesOptions {
  /** The memory router's history; the first route's path when omitted. */
  initialEntries?: string[];
  client?: QueryClient;
}

export function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions = {}) {
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    routes,
    options.initialEntries ? { initialEntries: options.initialEntries } : undefined,
  );
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <AntApp>
          <FeedbackBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { client, router };
}
