import { afterEach, describe, expect, it } from 'vitest';

import { queryClient } from '@/lib/query-client';
import { mockApi, ok } from '@/test/mock-api';
import { dashboardOf, card } from '@/dashboards/test-fixtures';
import { prefetchDashboardView } from './view-prefetch';

afterEach(() => {
  queryClient.clear();
});

describe("the presentation's route asking ahead", () => {
  it("asks for the dashboard as the navigation begins, then its cards' reads", async () => {
    const calls = mockApi({
      'GET /yun/dashboard/detail': () =>
        ok(dashboardOf([card('r', 'report', { report_id: 3, refresh_s: 0 })], { id: 9 })),
      'GET /yun/report/info': () => ok({}),
      'GET /yun/report/statistic': () => ok({}),
    });
    prefetchDashboardView({}, new URLSearchParams('id=9&device=4'));
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(calls[0]?.url).toBe('/yun/dashboard/detail');
    expect(calls[0]?.params).toEqual({ id: 9, purpose: 'view' });
    await expect.poll(() => calls.map((c) => c.url)).toContain('/yun/report/statistic');
    expect(calls.filter((c) => c.url === '/yun/report/info')).toHaveLength(1);
  });

  it('asks nothing for an address without a dashboard', async () => {
    const calls = mockApi({});
    for (const search of ['', 'id=', 'id=abc', 'id=-1', 'id=1.5'])
      prefetchDashboardView({}, new URLSearchParams(search));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(0);
  });
});
