// The report card: the report's chart through the same calls as the preview, only while seen, and a report that is
// gone said on its card while the other cards keep running.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fail, mockApi, ok } from '@/test/mock-api';
import { card, dashboardOf, renderDashboard, report, STATISTIC } from '../../test-fixtures';

describe('the report widget', () => {
  it("draws the report in the viewer's zone, its statistic asked beside its definition; a deleted report says so on its card, the other keeps running", async () => {
    const calls = mockApi({
      'GET /yun/report/info': (config) =>
        (config.params as { id: number }).id === 3 ? ok(report()) : fail('118212', '报表不存在', 'id'),
      'GET /yun/report/statistic': (config) =>
        (config.params as { id: number }).id === 3 ? ok(STATISTIC) : fail('118212', '报表不存在', 'id'),
    });
    renderDashboard(
      dashboardOf([
        card('gone', 'report', { report_id: 99, refresh_s: 0 }, { title: '旧报表' }),
        card('live', 'report', { report_id: 3, refresh_s: 30 }, { title: '在线设备' }),
      ]),
    );
    const gone = document.querySelector<HTMLElement>('[data-card-id="gone"]')!;
    expect(await within(gone).findByText('报表已不存在')).toBeInTheDocument();
    const live = document.querySelector<HTMLElement>('[data-card-id="live"]')!;
    expect(await within(live).findByRole('table')).toBeInTheDocument();
    expect(within(live).getByText('在线')).toBeInTheDocument();
    // Each card's statistic is asked once, beside its definition (not after it: one wave less on opening), in the
    // viewer's zone.
    const statistics = calls.filter((c) => c.url === '/yun/report/statistic');
    expect(statistics.map((c) => (c.params as { id: number }).id).sort()).toEqual([3, 99]);
    expect(statistics.find((c) => (c.params as { id: number }).id === 3)?.params).toMatchObject({
      id: 3,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('asks to choose a report when none is set, and asks the server nothing', async () => {
    const calls = mockApi({});
    renderDashboard(dashboardOf([card('r', 'report', { report_id: null, refresh_s: 0 })]));
    expect(await screen.findByText('请在设置中选择一个报表')).toBeInTheDocument();
    expect(calls.filter((c) => c.url?.startsWith('/yun/report'))).toHaveLength(0);
  });
});
