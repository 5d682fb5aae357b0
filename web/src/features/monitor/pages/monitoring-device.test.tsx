import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EMPTY } from '@/lib/empty';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';

import type { WatchedTable } from '../api/monitor';
import { APPLY_EVERY_MS } from '../components/live-table';
import { cellText } from '../lib/cells';
import { group, liveTable, setting, watchedTable } from './monitor.fixtures';
import MonitoringDevicePage from './monitoring-device';

// Every cell drawn formats its value through cellText: the spy tells which cells a push drew again.
vi.mock('../lib/cells', async (actual) => {
  const cells = await actual<typeof import('../lib/cells')>();
  return { ...cells, cellText: vi.fn(cells.cellText) };
});

const watched: WatchedTable[] = [watchedTable(), watchedTable({ id: 8, name: '能耗', sort: 1, columns: 1 })];
const table = liveTable;

function renderPage(handlers: Record<string, Handler>, entry = '/monitor/monitoringDevice') {
  const calls = mockApi({
    'GET /yun/monitor/setting': () => ok(setting()),
    'GET /yun/monitor/groups': () => ok([]),
    ...handlers,
  });
  renderRoutes(
    [
      { path: '/monitor/monitoringDevice', element: <MonitoringDevicePage /> },
      { path: '/monitor/middlewaresGrouping/:idParam', element: <p>group page</p> },
    ],
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

const cell = (device: number, source: number) => screen.getByTestId(`cell-${device}-${source}`);

describe('Monitored devices', () => {
  it('lists the tables by template, shows the first live and follows the pushes', async () => {
    const calls = renderPage({
      'GET /yun/monitor/tables': () => ok(watched),
      'GET /yun/monitor/table': () => ok(table()),
    });
    expect(await screen.findByText('一号泵')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /能耗/ })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/yun/monitor/table')?.params).toEqual({ id: 7 });
    // Header group and units; the seed's values at their decimals; the empty row says so.
    expect(screen.getAllByText('出口').length).toBeGreaterThan(0);
    expect(screen.getAllByText('压力 (MPa)').length).toBeGreaterThan(0);
    expect(cell(12, 41)).toHaveTextContent('0.82');
    expect(cell(12, 42)).toHaveTextContent('120');
    expect(cell(13, 41)).toHaveTextContent(EMPTY);
    // The older value is greyed, the alarmed cell marked.
    expect(cell(12, 42)).toHaveClass('iot-monitor-stale');
    expect(cell(12, 42)).toHaveAttribute('data-alarm', '3');
    expect(cell(12, 41)).not.toHaveClass('iot-monitor-stale');

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
    await waitFor(() => expect(cell(12, 41)).toHaveTextContent('1.50'));
    // Past the band's min: its colour.
    expect(cell(12, 41)).toHaveStyle({ color: '#ff0000' });
  });

  it("draws again only the cells of a pushed device's row", async () => {
    renderPage({ 'GET /yun/monitor/tables': () => ok(watched), 'GET /yun/monitor/table': () => ok(table()) });
    await screen.findByText('一号泵');
    // This test's own socket, held: another client's reconnect may make a newer one meanwhile.
    const socket = FakeSocket.last!;
    act(() => {
      socket.open();
    });
    await waitFor(() => expect(socket.sent).toContainEqual(expect.objectContaining({ op: 'sub' })));
    act(() => {
      socket.receive({ type: 'snapshot', device_id: 12, dev_state: 1, values: [] });
      socket.receive({ type: 'snapshot', device_id: 13, dev_state: 2, values: [] });
    });
    // The snapshots' apply is done (the table applies at most every APPLY_EVERY_MS).
    await act(() => new Promise((done) => setTimeout(done, APPLY_EVERY_MS + 100)));
    expect(cell(13, 41)).toHaveTextContent(EMPTY);
    const drawn = vi.mocked(cellText);
    drawn.mockClear();
    act(() => {
      socket.receive({
        type: 'values',
        device_id: 12,
        values: [{ id: 41, v: 1.5, ts: Date.now(), q: 0 }],
      });
    });
    await waitFor(() => expect(cell(12, 41)).toHaveTextContent('1.50'));
    // Device 12's two cells were drawn again; device 13's (no value: a null cell) were not.
    expect(drawn.mock.calls.length).toBeGreaterThan(0);
    expect(drawn.mock.calls.filter(([shown]) => shown === null)).toEqual([]);
  });

  it("shows a cell's tip once the pointer comes to it", async () => {
    const user = userEvent.setup();
    renderPage({ 'GET /yun/monitor/tables': () => ok(watched), 'GET /yun/monitor/table': () => ok(table()) });
    await screen.findByText('一号泵');
    await user.hover(cell(12, 42));
    // The first coming arms the tip, the pointer moving over the cell opens it.
    await user.hover(cell(12, 42));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/更新于 .* · 数据已过期 · 3 级报警未恢复/);
  });

  it('opens the table named in the address, and another on a click', async () => {
    const calls = renderPage(
      {
        'GET /yun/monitor/tables': () => ok(watched),
        'GET /yun/monitor/table': (c) => ok(table({ id: (c.params as { id: number }).id, name: 'x' })),
      },
      '/monitor/monitoringDevice?table=8',
    );
    await screen.findByText('一号泵');
    expect(calls.find((c) => c.url === '/yun/monitor/table')?.params).toEqual({ id: 8 });
    await userEvent.setup().click(screen.getByRole('menuitem', { name: /泵组/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/yun/monitor/table').map((c) => c.params)).toContainEqual({
        id: 7,
      }),
    );
  });

  it('filters by search and exports nothing when nothing matches', async () => {
    const user = userEvent.setup();
    renderPage({ 'GET /yun/monitor/tables': () => ok(watched), 'GET /yun/monitor/table': () => ok(table()) });
    await screen.findByText('一号泵');
    await user.type(screen.getByRole('textbox', { name: '搜索设备名称或 SN' }), '二号');
    await waitFor(() => expect(screen.queryByText('一号泵')).toBeNull());
    expect(screen.getByText('二号泵')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: '搜索设备名称或 SN' }));
    await user.type(screen.getByRole('textbox', { name: '搜索设备名称或 SN' }), 'nothing');
    expect(await screen.findByText('没有匹配的设备')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出当前显示/ })).toBeDisabled();
  });

  it('says when there is nothing to watch', async () => {
    renderPage({ 'GET /yun/monitor/tables': () => ok([]) });
    expect(await screen.findByText(/还没有可查看的监控表/)).toBeInTheDocument();
  });

  it('offers a retry when the list failed to load', async () => {
    let first = true;
    renderPage({
      'GET /yun/monitor/tables': () => {
        if (first) {
          first = false;
          return fail('100003', '服务异常');
        }
        return ok(watched);
      },
      'GET /yun/monitor/table': () => ok(table()),
    });
    expect(await screen.findByText('监控表列表加载失败')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('一号泵')).toBeInTheDocument();
  });

  it('says a table is gone', async () => {
    renderPage({
      'GET /yun/monitor/tables': () => ok(watched),
      'GET /yun/monitor/table': () => fail('115501', '监控表不存在'),
    });
    expect(await screen.findByText('监控表不存在或你无权查看')).toBeInTheDocument();
  });

  it('follows the setting: only the chosen tables, in that order, the default first, and the groups', async () => {
    const more = [...watched, watchedTable({ id: 9, name: '风机组', template_id: 4, template_name: '风机' })];
    const calls = renderPage({
      'GET /yun/monitor/tables': () => ok(more),
      'GET /yun/monitor/setting': () => ok(setting({ table_ids: [9, 7], default_table_id: 7, saved: true })),
      'GET /yun/monitor/groups': () => ok([group()]),
      'GET /yun/monitor/table': () => ok(table()),
    });
    await screen.findByText('一号泵');
    expect(calls.find((c) => c.url === '/yun/monitor/table')?.params).toEqual({ id: 7 });
    const items = screen.getAllByRole('menuitem').map((li) => li.textContent);
    expect(items).toEqual(['风机组2', '泵组2', '一车间2']);
    expect(screen.queryByRole('menuitem', { name: /能耗/ })).toBeNull();
    expect(screen.getByText('实时')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('menuitem', { name: /一车间/ }));
    expect(await screen.findByText('group page')).toBeInTheDocument();
  });

  it('reads the table again every period instead of following the socket, and hides rows without fresh data', async () => {
    renderPage({
      'GET /yun/monitor/tables': () => ok(watched),
      'GET /yun/monitor/setting': () => ok(setting({ refresh_s: 10, show_stale: false, density: 'compact' })),
      'GET /yun/monitor/table': () => ok(table()),
    });
    await screen.findByText('一号泵');
    expect(screen.getByText('每 10 秒刷新')).toBeInTheDocument();
    expect(document.querySelector('.iot-monitor-table--compact')).not.toBeNull();
    // 二号泵 has no value at all: hidden, and said so.
    expect(screen.queryByText('二号泵')).toBeNull();
    expect(screen.getByText(/已隐藏 1 个无最新数据的设备/)).toBeInTheDocument();
    act(() => {
      FakeSocket.last?.open();
    });
    expect(FakeSocket.last?.sent.some((m) => (m as { op?: string }).op === 'sub') ?? false).toBe(false);
  });
});
