import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AlarmOut } from '@/lib/alarms/types';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { FakeObserver } from '@/test/intersection-observer';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import type { MonitorDevice } from '../api/monitor-devices';
import MonitoringCheckPage from './monitoring-check';

const device = (
  id: number,
  alias: string,
  devState: 1 | 2,
  groupId = 3,
): MonitorDevice & { group_id: number } => ({
  id,
  sn_code: `IOT00000${String(id)}`,
  alias,
  dev_state: devState,
  report_time: 1_000,
  registered: true,
  group_name: '默认分组',
  group_id: groupId,
});

const DEVICES = [device(12, '1号泵', 1), device(13, '2号泵', 2), device(14, '3号泵', 1, 4)];

const alarm = (over: Partial<AlarmOut> & { id: number; device_id: number }): AlarmOut => ({
  sn_code: '',
  dev_alias: '',
  data_source_id: 41,
  data_source_name: '出水压力',
  alarm_name: '压力过高',
  alarm_level: 2,
  alarm_type: 1,
  alarm_info: null,
  value: 1.3,
  alarm_time: 1_000,
  recover_time: null,
  confirm_time: null,
  confirm_userName: null,
  alarm_note: null,
  ...over,
});

const params = (c: InternalAxiosRequestConfig) => c.params as Record<string, string | number | boolean>;

function listDevices(c: InternalAxiosRequestConfig, all = DEVICES) {
  const p = params(c);
  const q = typeof p.q === 'string' ? p.q : '';
  const rows = all.filter(
    (d) =>
      (p.group_id === undefined || d.group_id === p.group_id) &&
      (p.dev_state === undefined || d.dev_state === p.dev_state) &&
      (q === '' || d.alias.includes(q) || d.sn_code.includes(q)),
  );
  return ok({
    items: rows.slice(0, Number(p.page_size)),
    total: rows.length,
    page: 1,
    page_size: p.page_size,
  });
}

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /dev': (c) => listDevices(c),
    'GET /yun/dev/group': () =>
      ok([
        { id: 3, name: '默认分组', is_default: true },
        { id: 4, name: '二号车间', is_default: false },
      ]),
    'GET /rDev': (c) => {
      const id = Number(params(c).device_id);
      return ok({
        device_id: id,
        sn_code: `IOT00000${String(id)}`,
        dev_alias: '',
        dev_state: id === 13 ? 2 : 1,
        report_time: 1_000,
        template_id: 3,
        template_version: 1,
        can_write: true,
        password_required: false,
        items: [
          liveItem({ id: 41, value: id === 12 ? 0.82 : 0.35, ts: 1_000 }),
          liveItem({ id: 42, name: '温度', unit: '℃', decimals: 1, value: 36.5, ts: 1_000 }),
        ],
      });
    },
    'GET /rAlarmDev': () =>
      ok({
        items: [
          alarm({ id: 7, device_id: 14, alarm_level: 3 }),
          alarm({ id: 8, device_id: 14, alarm_level: 2 }),
          alarm({ id: 6, device_id: 13, alarm_level: 1, alarm_type: 2, recover_time: 2_000 }),
        ],
        total: 3,
        page: 1,
        page_size: 200,
      }),
    ...over,
  };
}

function renderPage(url = '/monitoringCheck', over: Record<string, Handler> = {}) {
  const calls = mockApi(handlers(over));
  const view = renderRoutes([{ path: '/monitoringCheck', element: <MonitoringCheckPage /> }], {
    initialEntries: [url],
  });
  return { calls, ...view };
}

const card = (name: string) => screen.getByRole('button', { name: `打开 ${name} 的组态画面` });
const findCard = (name: string) => screen.findByRole('button', { name: `打开 ${name} 的组态画面` });
const deviceCalls = (calls: InternalAxiosRequestConfig[]) =>
  calls.filter((c) => c.url === '/dev' && params(c).page_size !== 1).map(params);

beforeEach(() => {
  signInAs(['P27000', 'P10000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  vi.unstubAllGlobals();
});

describe('MonitoringCheckPage', () => {
  it('shows each device with its state, alarms, key values and the counts', async () => {
    renderPage();
    const pump1 = await findCard('1号泵');
    expect(pump1).toHaveTextContent('在线');
    expect(pump1).toHaveTextContent('IOT0000012');
    await waitFor(() => expect(pump1).toHaveTextContent('出水压力0.82MPa'));
    expect(pump1).toHaveTextContent('温度36.5℃');
    expect(card('2号泵')).toHaveTextContent('离线');
    // Two active alarms, the most urgent of level 2; 2号泵's alarm has recovered (unconfirmed): it does not count.
    await waitFor(() => expect(card('3号泵')).toHaveTextContent('2 条报警 · 2级'));
    expect(card('1号泵')).not.toHaveTextContent('报警');
    expect(card('2号泵')).not.toHaveTextContent('报警');
    const summary = screen.getByRole('status', { name: '设备统计' });
    await waitFor(() => expect(summary).toHaveTextContent('在线 2离线 1报警 1'));
  });

  it('lands pushed values, states and alarms on their card', async () => {
    renderPage();
    const pump1 = await findCard('1号泵');
    await waitFor(() => expect(pump1).toHaveTextContent('0.82'));
    const socket = FakeSocket.last!;
    act(() => socket.open());
    // Each visible card subscribes to its first data sources only.
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [41, 42] }));
    expect(socket.sent).toContainEqual({ op: 'sub', alarms: true });
    act(() =>
      socket.receive({ type: 'values', device_id: 12, values: [{ id: 41, v: 0.9, ts: 2_000, q: 0 }] }),
    );
    await waitFor(() => expect(pump1).toHaveTextContent('出水压力0.90MPa'));
    expect(within(pump1).getByText('0.90')).toHaveClass('moncheck-value--flash1');
    expect(within(pump1).getByText('36.5').className).not.toMatch(/flash/);
    // The next change plays the other animation of the pair, so the flash starts again.
    act(() =>
      socket.receive({ type: 'values', device_id: 12, values: [{ id: 41, v: 0.95, ts: 2_100, q: 0 }] }),
    );
    await waitFor(() => expect(within(pump1).getByText('0.95')).toHaveClass('moncheck-value--flash0'));
    act(() => socket.receive({ type: 'state', device_id: 12, dev_state: 2, ts: 2_000 }));
    act(() => socket.receive({ type: 'snapshot', device_id: 12, dev_state: 2, values: [] }));
    await waitFor(() => expect(pump1).toHaveTextContent('离线'));
    act(() => socket.receive({ type: 'alarm', alarm: alarm({ id: 9, device_id: 12, alarm_level: 1 }) }));
    await waitFor(() => expect(pump1).toHaveTextContent('1 条报警 · 1级'));
    // Confirmed, it is still active; recovered, it no longer counts.
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 9, device_id: 12, alarm_level: 1, alarm_type: 3, confirm_time: 3 }),
      }),
    );
    act(() => socket.receive({ type: 'alarm', alarm: alarm({ id: 10, device_id: 12, alarm_level: 4 }) }));
    await waitFor(() => expect(pump1).toHaveTextContent('2 条报警 · 1级'));
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({
          id: 9,
          device_id: 12,
          alarm_level: 1,
          alarm_type: 3,
          confirm_time: 3,
          recover_time: 4,
        }),
      }),
    );
    await waitFor(() => expect(pump1).toHaveTextContent('1 条报警 · 4级'));
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 10, device_id: 12, alarm_level: 4, alarm_type: 2, recover_time: 5 }),
      }),
    );
    await waitFor(() => expect(pump1).not.toHaveTextContent('报警'));
  });

  it('filters by group, search, online and alarm state, in the URL', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage();
    await findCard('1号泵');
    await user.click(screen.getByRole('combobox', { name: '设备分组' }));
    await user.click(await screen.findByTitle('二号车间'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /1号泵/ })).toBeNull());
    expect(card('3号泵')).toBeInTheDocument();
    expect(deviceCalls(calls).at(-1)).toMatchObject({ group_id: 4, registered: true, page_size: 100 });
    expect(router.state.location.search).toBe('?group_id=4');

    // A link with the online filter.
    await act(() => router.navigate('/monitoringCheck?online=true'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /2号泵/ })).toBeNull());
    expect(deviceCalls(calls).at(-1)).toMatchObject({ dev_state: 1 });
    expect(screen.getByRole('checkbox', { name: '只看在线' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: '只看报警' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /1号泵/ })).toBeNull());
    expect(card('3号泵')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?online=true&alarm=true');

    await user.click(screen.getByRole('checkbox', { name: '只看报警' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索名称或SN' }), 'IOT0000012{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /3号泵/ })).toBeNull());
    expect(card('1号泵')).toBeInTheDocument();
    expect(deviceCalls(calls).at(-1)).toMatchObject({ q: 'IOT0000012', dev_state: 1 });
  });

  it('says when there is no device, and when none matches with a way to clear the filters', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/monitoringCheck?q=nothing');
    expect(await screen.findByText('没有符合筛选条件的设备')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(await findCard('1号泵')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when nothing is registered', async () => {
    renderPage('/monitoringCheck', { 'GET /dev': (c) => listDevices(c, []) });
    expect(await screen.findByText('还没有注册设备')).toBeInTheDocument();
  });

  it('offers a retry when the devices fail to load', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderPage('/monitoringCheck', {
      'GET /dev': (c) => (failing ? fail('100500', '服务器错误') : listDevices(c)),
    });
    expect(await screen.findByText('设备加载失败')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await findCard('1号泵')).toBeInTheDocument();
  });

  it('opens a card’s screens over the grid, and "back" returns to the grid as it was', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/monitoringCheck?online=true', {
      'GET /yun/v2/rDev/screens': (c) =>
        ok({ device_id: Number(params(c).device_id), template_id: 3, release: 1, screens: [] }),
    });
    const pump1 = await findCard('1号泵');
    const socket = FakeSocket.last!;
    act(() => socket.open());
    const framesOf = (id: number) =>
      socket.sent.filter((f) => JSON.stringify(f).includes(`"devices":[${String(id)}]`));
    await waitFor(() => expect(framesOf(14)).toEqual([{ op: 'sub', devices: [14], sources: [41, 42] }]));
    await user.click(pump1);
    const overlay = await screen.findByRole('dialog', { name: '1号泵' });
    expect(router.state.location.search).toBe('?online=true&open=12');
    // The grid under the screens lets go of the live channel until it shows again.
    await waitFor(() => expect(framesOf(14).at(-1)).toEqual({ op: 'unsub', devices: [14] }));
    await user.click(within(overlay).getByRole('button', { name: /返回监控列表/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '1号泵' })).toBeNull());
    expect(router.state.location.search).toBe('?online=true');
    expect(card('1号泵')).toBeInTheDocument();
    await waitFor(() => expect(framesOf(14).at(-1)).toEqual({ op: 'sub', devices: [14], sources: [41, 42] }));
  });

  it('reads and subscribes only the cards in or near the viewport, and lets go of those scrolled away', async () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { calls } = renderPage();
    const pump1 = await findCard('1号泵');
    const socket = FakeSocket.last!;
    act(() => socket.open());
    const live = () => calls.filter((c) => c.url === '/rDev').map((c) => params(c).device_id);
    expect(live()).toEqual([]);
    act(() => FakeObserver.show(pump1, true));
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [41, 42] }));
    expect(live()).toEqual([12]);
    expect(socket.sent.filter((f) => (f as { devices?: number[] }).devices?.includes(13))).toEqual([]);
    await waitFor(() => expect(pump1).toHaveTextContent('0.82'));
    act(() => FakeObserver.show(pump1, false));
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'unsub', devices: [12] }));
    // The values shown stay until the card comes back; the seed is not read again.
    expect(pump1).toHaveTextContent('0.82');
    act(() => FakeObserver.show(pump1, true));
    await waitFor(() =>
      expect(socket.sent.filter((f) => JSON.stringify(f).includes('"devices":[12]'))).toHaveLength(3),
    );
    expect(live()).toEqual([12]);
  });
});
