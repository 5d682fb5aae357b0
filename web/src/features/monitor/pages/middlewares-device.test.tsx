import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EMPTY } from '@/lib/empty';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';

import MiddlewaresDevicePage from './middlewares-device';
import { liveTable, NOW, setting } from './monitor.fixtures';

vi.mock('@/components/charts/echart', () => ({
  EChart: ({ option, ariaLabel }: { option: { series: unknown[] }; ariaLabel: string }) => (
    <div role="img" aria-label={ariaLabel} data-series={option.series.length} />
  ),
}));

const one = () => {
  const table = liveTable();
  return { ...table, rows: table.rows.slice(0, 1), total: 1 };
};

const history = {
  bucket: 'raw',
  series: [{ id: 41, name: '压力', unit: 'MPa', decimals: 2, points: [[NOW - 60_000, 0.8]] }],
};

function renderPage(handlers: Record<string, Handler>, entry = '/monitor/middlewaresDevice/id=12/module=7') {
  const calls = mockApi({
    'GET /yun/monitor/setting': () => ok(setting()),
    'GET /hDev': () => ok(history),
    ...handlers,
  });
  renderRoutes(
    [{ path: '/monitor/middlewaresDevice/:idParam/:moduleParam', element: <MiddlewaresDevicePage /> }],
    { initialEntries: [entry] },
  );
  return calls;
}

beforeEach(() => {
  signInAs(['P10000', 'P110000', 'P111000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

const tile = (source: number) => screen.getByTestId(`tile-${source}`);

describe("A device's row as a detail", () => {
  it('shows each column as a tile, live, and the trend of the first', async () => {
    const calls = renderPage({ 'GET /yun/monitor/device': () => ok(one()) });
    expect(await screen.findByText('一号泵')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/yun/monitor/device')?.params).toEqual({
      table_id: 7,
      device_id: 12,
    });
    expect(screen.getByRole('link', { name: '泵站 · 泵组' })).toHaveAttribute(
      'href',
      '/monitor/middlewares/id=7',
    );
    expect(tile(41)).toHaveTextContent('0.82');
    expect(tile(41)).toHaveTextContent('MPa');
    expect(tile(42)).toHaveTextContent('120');
    // Out of date: greyed; an alarm not recovered: its level.
    expect(tile(42)).toHaveClass('iot-monitor-stale');
    expect(tile(42)).toHaveAttribute('data-alarm', '3');
    expect(tile(42)).toHaveTextContent('3 级告警');
    // The first column's trend over the last hour.
    await waitFor(() => expect(calls.some((c) => c.url === '/hDev')).toBe(true));
    const asked = calls.find((c) => c.url === '/hDev')!.params;
    expect(asked.device_id).toBe(12);
    expect(asked.ids).toBe('41');
    expect((asked.end as number) - (asked.start as number)).toBe(3_600_000);
    expect(tile(41)).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('img', { name: '数据趋势图' })).toHaveAttribute('data-series', '1');

    // This test's own socket, held: another client's reconnect may make a newer one meanwhile.
    const socket = FakeSocket.last!;
    act(() => {
      socket.open();
    });
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [41, 42] }));
    act(() => {
      socket.receive({ type: 'snapshot', device_id: 12, dev_state: 1, values: [] });
      socket.receive({
        type: 'values',
        device_id: 12,
        values: [{ id: 41, v: 1.5, ts: Date.now(), q: 0 }],
      });
    });
    await waitFor(() => expect(tile(41)).toHaveTextContent('1.50'));
    expect(tile(41)).toHaveStyle({ color: '#ff0000' });
  });

  it('adds a column to the trend on a click and changes the range', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ 'GET /yun/monitor/device': () => ok(one()) });
    await screen.findByText('一号泵');
    await user.click(tile(42));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/hDev').map((c) => (c.params as { ids: string }).ids)).toContain(
        '41,42',
      ),
    );
    await user.click(screen.getByText('近 7 天'));
    await waitFor(() => {
      const last = calls.filter((c) => c.url === '/hDev').at(-1)?.params as Record<string, number | string>;
      expect(last.bucket).toBe('hour');
      expect((last.end as number) - (last.start as number)).toBe(7 * 86_400_000);
    });
  });

  it('says a tile has no value yet', async () => {
    const table = liveTable();
    renderPage(
      { 'GET /yun/monitor/device': () => ok({ ...table, rows: table.rows.slice(1), total: 1 }) },
      '/monitor/middlewaresDevice/id=13/module=7',
    );
    expect(await screen.findByText('二号泵')).toBeInTheDocument();
    expect(tile(41)).toHaveTextContent(EMPTY);
  });

  it('shows the not-found state for a device the viewer may not read', async () => {
    renderPage({ 'GET /yun/monitor/device': () => fail('115501', '监控表不存在') });
    expect(await screen.findByText('设备不存在或你无权查看')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回监控表/ })).toBeInTheDocument();
  });
});
