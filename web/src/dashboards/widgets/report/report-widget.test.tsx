// The report card: the report's chart through the same calls as the preview, only while seen, and a report that is
// gone said on its card while the other cards keep running; a card following the device tree draws a history report
// for the device picked there.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Handler } from '@/test/mock-api';
import { fail, mockApi, ok } from '@/test/mock-api';
import type { ReportStatistic } from '@/lib/reports/types';
import { cardOf, linkage, params, renderWidget } from '../../data/widget.fixtures';
import { card, dashboardOf, renderDashboard, report, STATISTIC } from '../../test-fixtures';
import { reportWidget } from './index';
import ReportWidget from './report-widget';

// No canvas in jsdom: the chart host is a marker named as the chart reads aloud.
vi.mock('@/components/charts/echart', () => ({
  EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const NAMES: Record<number, string> = { 12: '1号空压机', 13: '2号空压机' };

/** A pressure trend of device 12 (history data, a line chart, its series named by the device). */
const TREND = report({
  id: 5,
  title: '排气压力',
  chart_type: 3,
  table_kind: 6,
  dimension_field_id: [{ id: 38, field_name: '时间' }],
  compare_filed_id: [{ id: 39, field_name: '设备' }],
  device_ids: [12],
  data_source_ids: [41],
});

const trendOf = (device: number): ReportStatistic => ({
  categories: ['2026-01-05T00:00:00+08:00'],
  dimension_is_time: true,
  bucket: 'hour',
  series: [{ name: NAMES[device] ?? String(device), values: [0.8], min: [0.8], max: [0.8], unit: 'MPa' }],
  unit: 'MPa',
  total_rows: 1,
});

/** The statistic as the server draws it: for `device` when given, else the report's own device 12; 14 is of another
 * template, 404 not there. */
const statistic: Handler = (c) => {
  const device = params(c).device as number | undefined;
  if (device === 14) return fail('115401', '数据源不存在', 'data_source_ids');
  if (device === 404) return fail('110506', '设备不存在', 'device');
  return ok(trendOf(device ?? 12));
};

/** The devices the statistic was asked for, each once in the order first asked (a remount may ask again). */
const statisticDevices = (calls: ReturnType<typeof mockApi>) => [
  ...new Set(calls.filter((c) => c.url === '/yun/report/statistic').map((c) => params(c).device)),
];

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
    // Each card's statistic is asked beside its definition (not after it: one wave less on opening), in the
    // viewer's zone: the drawn one once; the refused one may be asked again when its card is drawn after the refusal
    // asked ahead came back (data/prefetch.ts), never more.
    const statistics = calls.filter((c) => c.url === '/yun/report/statistic');
    const ids = statistics.map((c) => (c.params as { id: number }).id);
    expect(ids.filter((id) => id === 3)).toEqual([3]);
    expect(ids.filter((id) => id === 99).length).toBeGreaterThanOrEqual(1);
    expect(ids.filter((id) => id === 99).length).toBeLessThanOrEqual(2);
    expect(statistics.find((c) => (c.params as { id: number }).id === 3)?.params).toMatchObject({
      id: 3,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('asks to choose a report when none is set, and asks the server nothing', async () => {
    const calls = mockApi({});
    renderDashboard(dashboardOf([card('r', 'report', { report_id: null, refresh_s: 0 })]));
    expect(await screen.findByText('请在设置中选择一个报表')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/yun/report'))).toHaveLength(0);
  });

  it('is offered to follow the device tree', () => {
    expect(reportWidget.links).toEqual(['device']);
  });

  it('draws a history report for the device picked in the tree when it follows it, its own before', async () => {
    const calls = mockApi({
      'GET /yun/report/info': () => ok(TREND),
      'GET /yun/report/statistic': statistic,
    });
    const view = renderWidget(ReportWidget, {
      card: cardOf('report', { report_id: 5, refresh_s: 0 }, 'device'),
      settings: { report_id: 5, refresh_s: 0 },
    });
    expect(await screen.findByRole('img', { name: '折线图（1号空压机）' })).toBeInTheDocument();
    view.update({ linkage: linkage({ deviceId: 13 }) });
    expect(await screen.findByRole('img', { name: '折线图（2号空压机）' })).toBeInTheDocument();
    view.update({ linkage: linkage({ deviceId: null }) });
    expect(await screen.findByRole('img', { name: '折线图（1号空压机）' })).toBeInTheDocument();
    // The report's own devices without a device, then the picked one's; the report itself never with a device.
    expect(statisticDevices(calls)).toEqual([undefined, 13]);
    expect(
      calls.filter((c) => c.url === '/yun/report/info').every((c) => params(c).device === undefined),
    ).toBe(true);
  });

  it('keeps its own devices when it does not follow the tree, or when its report counts every device', async () => {
    const calls = mockApi({
      'GET /yun/report/info': (c) => ok(params(c).id === 5 ? TREND : report()),
      'GET /yun/report/statistic': (c) => (params(c).id === 5 ? statistic(c) : ok(STATISTIC)),
    });
    renderWidget(ReportWidget, {
      card: cardOf('report', { report_id: 5, refresh_s: 0 }),
      settings: { report_id: 5, refresh_s: 0 },
      linkage: linkage({ deviceId: 13 }),
    });
    expect(await screen.findByRole('img', { name: '折线图（1号空压机）' })).toBeInTheDocument();
    renderWidget(ReportWidget, {
      card: cardOf('report', { report_id: 3, refresh_s: 0 }, 'device'),
      settings: { report_id: 3, refresh_s: 0 },
      linkage: linkage({ deviceId: 13 }),
    });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const asked = calls.filter((c) => c.url === '/yun/report/statistic');
    expect(new Set(asked.map((c) => params(c).id))).toEqual(new Set([5, 3]));
    expect(statisticDevices(calls)).toEqual([undefined]);
  });

  it('says when the picked device is of another template or not there, and draws again for the next', async () => {
    mockApi({ 'GET /yun/report/info': () => ok(TREND), 'GET /yun/report/statistic': statistic });
    const view = renderWidget(ReportWidget, {
      card: cardOf('report', { report_id: 5, refresh_s: 0 }, 'device'),
      settings: { report_id: 5, refresh_s: 0 },
      linkage: linkage({ deviceId: 14 }),
    });
    expect(await screen.findByText('该报表不适用于所选设备')).toBeInTheDocument();
    view.update({ linkage: linkage({ deviceId: 404 }) });
    expect(await screen.findByText('所选设备不存在或无权查看')).toBeInTheDocument();
    expect(screen.queryByText('报表已不存在')).toBeNull();
    view.update({ linkage: linkage({ deviceId: 13 }) });
    expect(await screen.findByRole('img', { name: '折线图（2号空压机）' })).toBeInTheDocument();
  });
});
