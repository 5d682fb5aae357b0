import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { logout, sessionStore } from '@/lib/session';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { LiveItem } from '@/lib/telemetry/types';
import { HistoryPanel } from './history-panel';
import { devicePrivileges, liveItem } from '@/test/telemetry';

// No canvas in jsdom: the chart host is replaced by a marker of its option.
vi.mock('@/components/charts/echart', () => ({
  EChart: ({ option, ariaLabel }: { option: { series: unknown[] }; ariaLabel: string }) => (
    <div role="img" aria-label={ariaLabel} data-series={option.series.length} />
  ),
}));

const saved: string[] = [];
vi.mock('@/lib/download', () => ({
  saveBlob: (_blob: Blob, name: string) => {
    saved.push(name);
  },
}));

const item = (over: Partial<LiveItem>) => liveItem({ group_name: 'A', value: 0.82, ts: 1, ...over });

const items = [
  item({}),
  item({ id: 42, name: '温度', unit: '℃' }),
  item({ id: 43, name: '型号', data_type: 'string' }),
];

const historyAnswer = ok({
  device_id: 12,
  bucket: 'raw',
  agg: 'avg',
  downsampled: true,
  series: [{ id: 41, name: '出水压力', unit: 'MPa', decimals: 2, points: [[1, 0.8]] }],
});

function renderPanel(handlers: Record<string, Handler>) {
  const calls = mockApi({ 'GET /dev/privileges': () => ok(devicePrivileges()), ...handlers });
  // The app's providers, with lib/toast bound to antd (the export's confirmation is lib/exports').
  renderRoutes([
    {
      path: '/',
      element: <HistoryPanel deviceId={12} sn="IOT0000001" items={items} loading={false} />,
    },
  ]);
  return calls;
}

beforeEach(() => {
  logout();
  sessionStore.setState({ token: 't', userId: '1', rolesLoaded: true });
  saved.length = 0;
});

describe('HistoryPanel', () => {
  it('asks for the first data source over the last 24 hours at the chart width and draws it', async () => {
    const calls = renderPanel({ 'GET /hDev': () => historyAnswer });
    expect(await screen.findByRole('img', { name: '历史曲线' })).toHaveAttribute('data-series', '1');
    expect(screen.getByText('已按图表宽度抽样')).toBeInTheDocument();
    const params = calls.find((c) => c.url === '/hDev')!.params;
    expect(params).toMatchObject({
      device_id: 12,
      ids: '41',
      bucket: 'raw',
      fill: 'none',
      width: 1000,
      tz: -new Date().getTimezoneOffset() || 0,
    });
    expect(params).not.toHaveProperty('agg');
    expect(Number(params.end) - Number(params.start)).toBe(86_400_000);
    // Text data sources cannot be drawn.
    await userEvent.setup().click(screen.getByRole('combobox', { name: '数据源' }));
    const options = document.querySelectorAll('.ant-select-item-option');
    expect([...options].map((o) => o.getAttribute('title'))).toEqual(['出水压力 (MPa)', '温度 (℃)']);
  });

  it('says when the range holds no history', async () => {
    renderPanel({
      'GET /hDev': () => ok({ device_id: 12, bucket: 'raw', agg: 'avg', downsampled: false, series: [] }),
    });
    expect(await screen.findByText('该时间段没有历史数据')).toBeInTheDocument();
  });

  it('exports through the export centre, confirming over 5000 rows and posting again with confirm', async () => {
    const user = userEvent.setup();
    const bodies: { confirm: boolean }[] = [];
    const calls = renderPanel({
      'GET /hDev': () => historyAnswer,
      'POST /yun/exportFile': (config) => {
        const body = bodyOf(config) as { confirm: boolean };
        bodies.push(body);
        return body.confirm
          ? ok({ id: 5, kind: 'history', title: 'IOT0000001', state: 'queued' })
          : fail('110525', '最多只能导出前 5000 行数据（共 8000 行）');
      },
    });
    await screen.findByRole('img', { name: '历史曲线' });
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/共 8000 行/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /导出前 5000 行/ }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    const history = calls.find((c) => c.url === '/hDev')!.params as { start: number; end: number };
    expect(bodies[1]).toEqual({
      kind: 'history',
      device_id: 12,
      data_source_ids: [41],
      start: history.start,
      end: history.end,
      bucket: 'raw',
      fill: 'none',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      confirm: true,
    });
    expect(await screen.findByText('打开导出中心')).toBeInTheDocument();
    // The file is made on the server: nothing is downloaded here.
    expect(saved).toEqual([]);
  });

  it('offers no export to a caller whose role lacks it', async () => {
    renderPanel({
      'GET /hDev': () => historyAnswer,
      'GET /dev/privileges': () => ok(devicePrivileges(['history', 'write'])),
    });
    await screen.findByRole('img', { name: '历史曲线' });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
