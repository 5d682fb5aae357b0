// /detail?token=: a sector link opened without login (counts one use), its dashboards presented in turn as the
// signed-in /detail does, each opened through the link and its cards reading through the link's share source with
// `dashboard=<id>`, starting on the link's device; and every way the link ends: at open (118301–118305), when a
// dashboard's opening says so, or the moment the shared socket closes with the link's code.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { card, dashboardOf } from '@/dashboards/test-fixtures';
import type { DeviceScreenProps } from '@/designer/runtime';
import { translateCode } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';
import { FakeSocket } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { SharedSectorOut } from '../api/open-shared-sector';
import SectorDetailPage from './detail';

// The screens runtime is tested on its own: here it shows which device it draws.
vi.mock('@/designer/runtime', () => ({
  DeviceScreen: ({ deviceId, screenName }: DeviceScreenProps) => (
    <div data-testid="device-screen" data-device={deviceId}>
      {screenName}
    </div>
  ),
}));

const TOKEN = 'tok-sector';

const OVERVIEW = dashboardOf(
  [
    card('title', 'text', { text: '智慧厂区运行总览' }, { show_title: false }),
    card('tree', 'deviceTree', {}, { title: '设备' }),
    card(
      'screen',
      'configuration',
      { device_id: null, screen_id: null },
      { title: '设备画面', link: 'device' },
    ),
  ],
  { id: 21, name: '厂区总览', can_edit: false },
);
const ENERGY = dashboardOf(
  [
    card('title', 'text', { text: '能耗分析' }, { show_title: false }),
    card('tree', 'deviceTree', {}, { title: '设备' }),
  ],
  { id: 23, name: '能耗', theme: 'default', can_edit: false },
);
const DASHBOARDS = new Map([
  [21, OVERVIEW],
  [23, ENERGY],
]);

function opened(over: Partial<SharedSectorOut> = {}): SharedSectorOut {
  return {
    link: { link_type: 3, permission: 1, expire_at: null, note: '' },
    share_user: { user_name: 'admin', permissions: ['P10000', 'P73000'], device_permissions: [] },
    sector: {
      id: 5,
      name: '生产运营',
      description: '',
      image: '',
      interval: 10,
      position: 1,
      dashboards: [
        { id: 21, name: '厂区总览', width: 1920, height: 1080, theme: 'tech', available: true },
        { id: 22, name: '', width: 0, height: 0, theme: '', available: false },
        { id: 23, name: '能耗', width: 1920, height: 1080, theme: 'default', available: true },
      ],
    },
    device_id: 12,
    group_id: null,
    ...over,
  };
}

const param = (c: RequestConfig) => c.params;

const deviceScreen = (deviceId: number) => ({
  screens: {
    device_id: deviceId,
    template_id: 3,
    release: 1,
    screens: [
      {
        id: 30,
        name: `画面 ${String(deviceId)}`,
        kind: 'web',
        is_main: true,
        sort: 1,
        width: 800,
        height: 450,
        document: { schema_version: 1, elements: [] },
      },
    ],
  },
  live: { device_id: deviceId, sn_code: `IOT${String(deviceId)}`, dev_alias: '', dev_state: 1, items: [] },
  write_config: { user_can_write: false, device_can_write: true, online: true, password_required: false },
  alarms: [],
});

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/shared/sector': () => ok(opened()),
    'GET /yun/shared/dashboard': (c) => {
      const found = DASHBOARDS.get(Number(param(c).id));
      return found
        ? ok({ ...opened(), dashboard: found, sector: undefined })
        : fail('118302', '无权访问', 'id');
    },
    'GET /yun/shared/dashboard/devices': () =>
      ok([
        { id: 12, name: '1号空压机', sn: 'IOT12', dev_state: 1, group_id: null },
        { id: 13, name: '2号空压机', sn: 'IOT13', dev_state: 1, group_id: null },
      ]),
    'GET /yun/shared/dashboard/alarms': () => ok([]),
    'GET /yun/shared/module/device': (c) => ok(deviceScreen(Number(param(c).device_id))),
    ...over,
  };
}

function renderPage(search = `?token=${TOKEN}`) {
  return renderRoutes([{ path: '/detail', element: <SectorDetailPage /> }], {
    initialEntries: [`/detail${search}`],
  });
}

const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!;
const readsOf = (calls: RequestConfig[], url: string) => calls.filter((c) => c.url === url).map(param);

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.setState({ token: '' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SectorDetailPage with a sector link’s token', () => {
  it('says it is opening while the link answers', async () => {
    const calls = mockApi(handlers({ 'GET /yun/shared/sector': () => new Promise(() => undefined) }));
    renderPage();
    expect(await screen.findByText('正在打开分享链接…')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/yun/shared/sector']));
  });

  it('opens the link once and presents the first dashboard through the link, live, on its starting device', async () => {
    const calls = mockApi(handlers());
    renderPage();
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '生产运营' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '看板展示：厂区总览' })).toBeInTheDocument();
    // The dashboards shown, in order; the one the creator no longer sees is left out, without a note to the visitor.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['厂区总览', '能耗']);
    expect(screen.queryByText(/已跳过/)).toBeNull();
    // No way back into a console the visitor has no account for.
    expect(screen.queryByRole('link', { name: /返回业务板块/ })).toBeNull();
    expect(screen.getByRole('button', { name: '切换语言' })).toBeInTheDocument();

    // The link's starting device is the trees' first choice: the linked screen draws it.
    expect(await within(cardOf('screen')).findByTestId('device-screen')).toHaveAttribute('data-device', '12');
    expect(await within(cardOf('tree')).findByText('2号空压机')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/yun/shared/sector')).toHaveLength(1);
    expect(readsOf(calls, '/yun/shared/dashboard')).toEqual([{ token: TOKEN, id: 21 }]);
    expect(readsOf(calls, '/yun/shared/dashboard/devices')).toEqual([{ token: TOKEN, dashboard: 21 }]);
    expect(calls.every((c) => c.url.startsWith('/yun/shared/') && param(c).token === TOKEN)).toBe(true);
    // The page never signs in.
    expect(sessionStore.getState().token).toBe('');

    const socket = FakeSocket.last!;
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.url).toMatch(/\/api\/sharedComponentsWs$/);
    act(() => socket.open());
    expect(socket.token).toBe(TOKEN);
  });

  it('rotates to the next dashboard, opening it through the link and reading for it, on the same socket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi(handlers());
    renderPage();
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    expect(screen.getByText('每 10 秒轮播')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('能耗分析')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '看板展示：能耗' })).toBeInTheDocument();
    expect(await within(cardOf('tree')).findByText('1号空压机')).toBeInTheDocument();
    expect(readsOf(calls, '/yun/shared/dashboard')).toEqual([
      { token: TOKEN, id: 21 },
      { token: TOKEN, id: 23 },
    ]);
    expect(readsOf(calls, '/yun/shared/dashboard/devices')).toContainEqual({ token: TOKEN, dashboard: 23 });
    // Neither the link's opening (its one use) nor its socket are made again.
    expect(calls.filter((c) => c.url === '/yun/shared/sector')).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(1);

    // The unavailable dashboard is never shown: after 能耗 comes 厂区总览 again.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
  });

  it('shows a dashboard chosen in the tabs', async () => {
    const user = userEvent.setup();
    mockApi(handlers({ 'GET /yun/shared/sector': () => ok(opened({ device_id: null })) }));
    renderPage();
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '能耗' }));
    expect(await screen.findByText('能耗分析')).toBeInTheDocument();
  });

  it('says on the stage when one dashboard no longer opens (118302 on it) and keeps the others', async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        'GET /yun/shared/dashboard': (c) =>
          Number(param(c).id) === 21
            ? fail('118302', '无权访问')
            : ok({ ...opened(), dashboard: ENERGY, sector: undefined }),
      }),
    );
    renderPage();
    expect(await screen.findByText('看板“厂区总览”加载失败')).toBeInTheDocument();
    expect(screen.queryByTestId('share-code')).toBeNull();
    await user.click(screen.getByRole('tab', { name: '能耗' }));
    expect(await screen.findByText('能耗分析')).toBeInTheDocument();
  });

  it('says on the stage when a card’s read finds the dashboard no longer seen (118302 without a field)', async () => {
    const user = userEvent.setup();
    let opens = 0;
    const calls = mockApi(
      handlers({
        'GET /yun/shared/dashboard': (c) => {
          const id = Number(param(c).id);
          if (id === 21) {
            opens += 1;
            return opens === 1
              ? ok({ ...opened(), dashboard: OVERVIEW, sector: undefined })
              : fail('118302', '无权访问');
          }
          return ok({ ...opened(), dashboard: ENERGY, sector: undefined });
        },
        'GET /yun/shared/dashboard/devices': (c) =>
          param(c).dashboard === 21
            ? fail('118302', '无权访问')
            : ok([{ id: 12, name: '1号空压机', sn: 'IOT12', dev_state: 1, group_id: null }]),
      }),
    );
    renderPage();
    // The tree's read is refused for the dashboard: it is opened again, and the stage says it no longer opens.
    expect(await screen.findByText('看板“厂区总览”加载失败')).toBeInTheDocument();
    expect(readsOf(calls, '/yun/shared/dashboard')).toEqual([
      { token: TOKEN, id: 21 },
      { token: TOKEN, id: 21 },
    ]);
    expect(screen.queryByTestId('share-code')).toBeNull();
    await user.click(screen.getByRole('tab', { name: '能耗' }));
    expect(await screen.findByText('能耗分析')).toBeInTheDocument();
    expect(await screen.findByText('1号空压机')).toBeInTheDocument();
  });

  it('ends the page when a dashboard’s opening says the link itself is refused', async () => {
    mockApi(handlers({ 'GET /yun/shared/dashboard': () => fail('118304', '分享链接已过期') }));
    renderPage();
    expect(await screen.findByTestId('share-code')).toHaveTextContent('118304');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it.each([118301, 118302, 118303, 118304, 118305])('shows %i when the link does not open', async (code) => {
    const calls = mockApi(
      handlers({ 'GET /yun/shared/sector': () => fail(String(code), translateCode(String(code))) }),
    );
    renderPage();
    expect(await screen.findByTestId('share-code')).toHaveTextContent(String(code));
    expect(screen.getByText(translateCode(String(code)))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '生产运营' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/yun/shared/sector']);
  });

  it('shows 118301 for an empty token, asking nothing', async () => {
    const calls = mockApi(handlers());
    renderPage('?token=');
    expect(await screen.findByTestId('share-code')).toHaveTextContent('118301');
    expect(calls).toEqual([]);
  });

  it('offers a retry when the opening fails for another reason', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    mockApi(
      handlers({
        'GET /yun/shared/sector': () => {
          attempts += 1;
          return attempts === 1 ? fail('100003', '服务异常') : ok(opened());
        },
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
  });

  it('ends the page the moment the shared socket closes with the link’s code', async () => {
    mockApi(handlers());
    renderPage();
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    const socket = FakeSocket.last!;
    act(() => socket.open());
    act(() => {
      socket.receive({ type: 'error', code: 118305, detail: '分享链接已停用' });
      socket.drop(4401);
    });
    expect(await screen.findByTestId('share-code')).toHaveTextContent('118305');
    expect(screen.queryByText('智慧厂区运行总览')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
