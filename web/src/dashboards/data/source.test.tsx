// The source switch (issue 31 point 5): the same cards under a share link's source read only the link's anonymous
// endpoints with its token, never a signed-in one, follow values on the link's own socket, write nothing, and a card
// whose read is refused on its field says so while the page goes on; the link's own refusal ends the page.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeviceMapProps } from '@/components/map/device-map';
import type { DeviceScreenProps } from '@/designer/runtime';
import { createSharedRtd } from '@/lib/share-links/shared-rtd';
import { FakeSocket } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { card, dashboardOf, report, STATISTIC } from '../test-fixtures';
import { DashboardView, useLinkage, type ViewDashboard } from '../view';
import { alarm, group } from './widget.fixtures';
import { createShareSource } from './share-source';
import { DashboardSourceProvider, type DashboardSource } from './source';

// Leaflet does not draw in jsdom: the map's markers as buttons.
vi.mock('@/components/map/device-map', () => ({
  DeviceMap: ({ markers }: DeviceMapProps) => (
    <div data-testid="device-map">
      {markers.map((m) => (
        <span key={m.id} data-alarm={m.alarm ? 'yes' : 'no'}>
          {m.label}
        </span>
      ))}
    </div>
  ),
}));

// The runtime is tested on its own: here it shows what it was asked to draw, and whether it may operate.
vi.mock('@/designer/runtime', () => ({
  DeviceScreen: ({ deviceId, screenName, canOperate }: DeviceScreenProps) => (
    <div data-testid="device-screen" data-device={deviceId} data-operate={String(canOperate)}>
      {screenName}
    </div>
  ),
}));

const TOKEN = 'tok-db-1';

const screens = (deviceId: number) => ({
  screens: {
    device_id: deviceId,
    template_id: 3,
    release: 1,
    screens: [
      {
        id: 30,
        name: `画面${String(deviceId)}`,
        kind: 'web',
        is_main: true,
        sort: 1,
        width: 800,
        height: 450,
        document: { schema_version: 1, elements: [] },
      },
    ],
  },
  live: {
    device_id: deviceId,
    sn_code: `IOT${String(deviceId)}`,
    dev_alias: deviceId === 12 ? '1号空压机' : '',
    dev_state: 1,
    items: [],
  },
  write_config: { user_can_write: false, device_can_write: true, online: true, password_required: false },
  alarms: [],
});

const ALARMS = [
  alarm({ id: 1, device_id: 12, alarm_name: '压力过高', dev_alias: '1号空压机' }),
  alarm({ id: 2, device_id: 13, alarm_name: '温度过高', dev_alias: '2号空压机', alarm_time: 2_000 }),
];

const param = (c: RequestConfig) => c.params;

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/shared/dashboard/groups': () => ok([group(1, '默认分组', { device_count: 2 })]),
    'GET /yun/shared/dashboard/devices': () =>
      ok([
        { id: 12, name: '1号空压机', sn: 'IOT12', dev_state: 1, group_id: 1 },
        { id: 13, name: '2号空压机', sn: 'IOT13', dev_state: 2, group_id: 1 },
      ]),
    'GET /yun/shared/dashboard/map': () =>
      ok({
        items: [
          {
            id: 12,
            sn_code: 'IOT12',
            alias: '1号空压机',
            dev_state: 1,
            registered: true,
            latitude: 31.2,
            longitude: 121.5,
          },
        ],
        theme: 'light',
        tiles: { url: null, attribution: '', subdomains: 'abc', max_zoom: 18 },
      }),
    'GET /yun/shared/dashboard/net': () =>
      ok({ total: 2, online: 1, offline: 1, unregistered: 0, alarms: 2 }),
    'GET /yun/shared/dashboard/alarms': (c) =>
      ok(
        param(c).device_id === undefined ? ALARMS : ALARMS.filter((a) => a.device_id === param(c).device_id),
      ),
    'GET /yun/shared/dashboard/report': () => ok({ report: report(), statistic: STATISTIC }),
    'GET /yun/shared/dashboard/weather': () =>
      ok({
        now: {
          provider: 'local',
          code: 0,
          temperature: 21.4,
          humidity: 40,
          wind_speed: 2.5,
          wind_direction: 90,
          observed_at: 0,
        },
        daily: { provider: 'local', days: [] },
      }),
    'GET /yun/shared/dashboard/other': () =>
      ok(dashboardOf([card('inner', 'text', { text: '切换看板' })], { id: 5, name: '二号看板' })),
    'GET /yun/shared/module/device': (c) => ok(screens(Number(param(c).device_id))),
    ...over,
  };
}

const CARDS = [
  card('report', 'report', { report_id: 3, refresh_s: 0 }, { title: '在线设备' }),
  card('tree', 'deviceTree', {}, { title: '设备' }),
  card('groups', 'groupTree', {}, { title: '分组' }),
  card('map', 'map', { group_id: null }, { title: '分布' }),
  card('net', 'netMonitor', { group_id: null }, { title: '网络' }),
  card('faults', 'fault', { group_id: null, device_id: null, limit: 8 }, { title: '故障', link: 'device' }),
  card('screen', 'configuration', { device_id: 12, screen_id: null }, { title: '画面', link: 'device' }),
  card('weather', 'weather', { city: '上海', lat: 31.2, lon: 121.59, days: 3 }, { title: '天气' }),
  card('toggle', 'dashboardToggle', { dashboard_ids: [5], interval_s: 0 }, { title: '切换' }),
];

function Shared({ dashboard, source }: { dashboard: ViewDashboard; source: DashboardSource }) {
  const linkage = useLinkage();
  return (
    <div style={{ width: 1920, height: 1080 }}>
      <DashboardSourceProvider source={source}>
        <DashboardView dashboard={dashboard} linkage={linkage} />
      </DashboardSourceProvider>
    </div>
  );
}

function renderShared(cards = CARDS, search = '', dashboard?: number) {
  const onEnded = vi.fn<(code: number) => void>();
  const rtd = createSharedRtd({
    token: TOKEN,
    onEnded,
    createSocket: (url) => new FakeSocket(url),
    url: () => 'ws://test/api/sharedComponentsWs',
  });
  const source = createShareSource({ token: TOKEN, rtd, onEnded, dashboard });
  const view = renderRoutes(
    [{ path: '/share-db', element: <Shared dashboard={dashboardOf(cards)} source={source} /> }],
    { initialEntries: [`/share-db${search}`] },
  );
  return { ...view, onEnded, rtd };
}

const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!;

beforeEach(() => {
  FakeSocket.all = [];
});

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

describe('a share link’s dashboard source', () => {
  it('reads every card through the link’s endpoints with its token, never a signed-in one', async () => {
    const calls = mockApi(handlers());
    const { rtd } = renderShared(CARDS, '?device=12');
    dispose = () => rtd.dispose();

    expect(await within(cardOf('report')).findByRole('table')).toBeInTheDocument();
    expect(await within(cardOf('tree')).findByText('2号空压机')).toBeInTheDocument();
    expect(await within(cardOf('groups')).findByText('默认分组')).toBeInTheDocument();
    expect(await within(cardOf('map')).findByText('1号空压机')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(cardOf('net')).getByText('在线').closest('.dw-net__figure')).toHaveTextContent('1'),
    );
    // No traffic on a shared page.
    expect(within(cardOf('net')).queryByLabelText('流量')).toBeNull();
    expect(await within(cardOf('faults')).findByText('压力过高')).toBeInTheDocument();
    expect(await within(cardOf('screen')).findByTestId('device-screen')).toHaveAttribute('data-device', '12');
    expect(await within(cardOf('weather')).findByText('21')).toBeInTheDocument();
    expect(await within(cardOf('toggle')).findByText('切换看板')).toBeInTheDocument();

    const urls = new Set(calls.map((c) => c.url));
    expect([...urls].sort()).toEqual([
      '/yun/shared/dashboard/alarms',
      '/yun/shared/dashboard/devices',
      '/yun/shared/dashboard/groups',
      '/yun/shared/dashboard/map',
      '/yun/shared/dashboard/net',
      '/yun/shared/dashboard/other',
      '/yun/shared/dashboard/report',
      '/yun/shared/dashboard/weather',
      '/yun/shared/module/device',
    ]);
    for (const call of calls) expect(param(call).token).toBe(TOKEN);
    // The report card reads its report and statistic in one call, in the viewer's zone.
    expect(calls.filter((c) => c.url === '/yun/shared/dashboard/report').map(param)).toEqual([
      { token: TOKEN, id: 3, tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
    // The fault card follows the device picked (here in the address): that device's alarms.
    expect(calls.filter((c) => c.url === '/yun/shared/dashboard/alarms').map(param)).toContainEqual({
      token: TOKEN,
      device_id: 12,
      limit: 50,
    });

    // Live states and alarm pushes come on the link's own socket, authenticated with its token.
    const socket = FakeSocket.last!;
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.url).toBe('ws://test/api/sharedComponentsWs');
    act(() => socket.open());
    expect(socket.token).toBe(TOKEN);
    expect(socket.sent).toContainEqual({ op: 'sub', alarms: true });
  });

  it('names a sector link’s dashboard on every read of its cards (dashboard=<id>)', async () => {
    const calls = mockApi(handlers());
    const { rtd } = renderShared(CARDS, '?device=12', 40);
    dispose = () => rtd.dispose();
    expect(await within(cardOf('tree')).findByText('2号空压机')).toBeInTheDocument();
    expect(await within(cardOf('toggle')).findByText('切换看板')).toBeInTheDocument();
    expect(await within(cardOf('report')).findByRole('table')).toBeInTheDocument();
    const reads = calls.filter((c) => c.url.startsWith('/yun/shared/dashboard/'));
    expect(new Set(reads.map((c) => c.url)).size).toBe(8);
    for (const call of reads) expect(param(call)).toMatchObject({ token: TOKEN, dashboard: 40 });
    expect(calls.filter((c) => c.url === '/yun/shared/dashboard/report').map(param)).toEqual([
      { token: TOKEN, dashboard: 40, id: 3, tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
  });

  it('writes nothing: no confirm on the fault card, the screen not operable', async () => {
    mockApi(handlers());
    const { rtd } = renderShared([
      card('faults', 'fault', { group_id: null, device_id: null, limit: 8 }),
      card('screen', 'configuration', { device_id: 12, screen_id: null }),
    ]);
    dispose = () => rtd.dispose();
    expect(await within(cardOf('faults')).findByText('压力过高')).toBeInTheDocument();
    expect(within(cardOf('faults')).queryByRole('button', { name: /确认告警/ })).toBeNull();
    expect(await within(cardOf('screen')).findByTestId('device-screen')).toHaveAttribute(
      'data-operate',
      'false',
    );
  });

  it('says on a card what the dashboard no longer shows (118302 on its field), the others running', async () => {
    mockApi(
      handlers({
        'GET /yun/shared/module/device': () => fail('118302', '无权访问', 'device_id'),
        'GET /yun/shared/dashboard/report': () => fail('118302', '无权访问', 'id'),
      }),
    );
    const { onEnded, rtd } = renderShared([
      card('screen', 'configuration', { device_id: 99, screen_id: null }),
      card('report', 'report', { report_id: 7, refresh_s: 0 }),
      card('tree', 'deviceTree', {}),
    ]);
    dispose = () => rtd.dispose();
    expect(await within(cardOf('screen')).findByText('设备不存在或无权查看')).toBeInTheDocument();
    expect(await within(cardOf('report')).findByText('报表已不存在')).toBeInTheDocument();
    expect(await within(cardOf('tree')).findByText('1号空压机')).toBeInTheDocument();
    expect(onEnded).not.toHaveBeenCalled();
  });

  const TREND = report({ id: 5, chart_type: 2, table_kind: 6, device_ids: [12], data_source_ids: [41] });
  const TREND_CARDS = [card('trend', 'report', { report_id: 5, refresh_s: 0 }, { link: 'device' })];
  const trendReads = () =>
    handlers({
      'GET /yun/shared/dashboard/report': (c) => {
        const device = param(c).device;
        if (device === 99) return fail('118302', '无权访问', 'device');
        const name = device === 13 ? '2号空压机' : '1号空压机';
        return ok({
          report: TREND,
          statistic: { ...STATISTIC, series: [{ ...STATISTIC.series[0]!, name }] },
        });
      },
    });

  it('draws a trend following the tree for the device picked, the report read once without it', async () => {
    const calls = mockApi(trendReads());
    const { rtd } = renderShared(TREND_CARDS, '?device=13');
    dispose = () => rtd.dispose();
    expect(await within(cardOf('trend')).findAllByText('2号空压机')).not.toHaveLength(0);
    expect(within(cardOf('trend')).queryByText('1号空压机')).toBeNull();
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(calls.filter((c) => c.url === '/yun/shared/dashboard/report').map(param)).toEqual([
      { token: TOKEN, id: 5, tz },
      { token: TOKEN, id: 5, tz, device: 13 },
    ]);
  });

  it('says on a trend that the dashboard does not show the picked device (118302 on device)', async () => {
    mockApi(trendReads());
    const { onEnded, rtd } = renderShared(TREND_CARDS, '?device=99');
    dispose = () => rtd.dispose();
    expect(await within(cardOf('trend')).findByText('所选设备不存在或无权查看')).toBeInTheDocument();
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('ends the page when a read says the link itself is refused', async () => {
    mockApi(handlers({ 'GET /yun/shared/dashboard/devices': () => fail('118305', '分享链接已停用') }));
    const { onEnded, rtd } = renderShared([card('tree', 'deviceTree', {})]);
    dispose = () => rtd.dispose();
    await waitFor(() => expect(onEnded).toHaveBeenCalledWith(118305));
  });

  it('leaves the console’s endpoints to the console', async () => {
    const calls = mockApi({
      'GET /yun/dashboard/net': () => ok({ total: 3, online: 2, offline: 1, unregistered: 0, alarms: 0 }),
      'GET /yun/flow/analysis': () => fail('100015', '无权限'),
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <div style={{ width: 1920, height: 1080 }}>
            <DashboardView
              dashboard={dashboardOf([card('net', 'netMonitor', { group_id: null })])}
              linkage={{ deviceId: null, groupId: null, setDevice: vi.fn(), setGroup: vi.fn() }}
            />
          </div>
        ),
      },
    ]);
    await waitFor(() => expect(screen.getByText('在线').closest('.dw-net__figure')).toHaveTextContent('2'));
    expect(calls.every((c) => !c.url.startsWith('/yun/shared'))).toBe(true);
  });
});
