// /share-db: a dashboard link opened without login (counts one use), the dashboard drawn through the link's source with
// its starting device in the address, and every way the link ends: at open (118301–118305) or later, the moment the
// shared socket closes with the link's code.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { card, dashboardOf } from '@/dashboards/test-fixtures';
import type { DeviceScreenProps } from '@/designer/runtime';
import { translateCode } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';
import { FakeSocket } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { SharedDashboardOut } from '../api/shared';
import ShareDashboardPage from './share-db';

// The screens runtime is tested on its own: here it shows which device it draws.
vi.mock('@/designer/runtime', () => ({
  DeviceScreen: ({ deviceId, screenName }: DeviceScreenProps) => (
    <div data-testid="device-screen" data-device={deviceId}>
      {screenName}
    </div>
  ),
}));

const DASHBOARD = dashboardOf(
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
  { name: '厂区总览', can_edit: false },
);

function opened(over: Partial<SharedDashboardOut> = {}): SharedDashboardOut {
  return {
    link: { link_type: 2, permission: 1, expire_at: null, note: '' },
    share_user: { user_name: 'admin', permissions: ['P10000', 'P73000'], device_permissions: [] },
    dashboard: DASHBOARD,
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
    'GET /yun/shared/dashboard': () => ok(opened()),
    'GET /yun/shared/dashboard/groups': () => ok([]),
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

function renderPage(search = '?token=tok-db') {
  return renderRoutes([{ path: '/share-db', element: <ShareDashboardPage /> }], {
    initialEntries: [`/share-db${search}`],
  });
}

const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.setState({ token: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShareDashboardPage', () => {
  it('says it is opening while the link answers', async () => {
    const calls = mockApi(handlers({ 'GET /yun/shared/dashboard': () => new Promise(() => undefined) }));
    renderPage();
    expect(await screen.findByText('正在打开分享链接…')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/yun/shared/dashboard']));
    expect(screen.getByText('正在打开分享链接…')).toBeInTheDocument();
  });

  it('opens the link once and shows the dashboard with its starting device, live through the shared socket', async () => {
    const calls = mockApi(handlers());
    const { router } = renderPage();
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '厂区总览' })).toHaveAttribute('data-theme', 'tech');
    // The starting device is the linkage's first choice, in the address like the console's.
    await waitFor(() => expect(router.state.location.search).toContain('device=12'));
    expect(await within(cardOf('screen')).findByTestId('device-screen')).toHaveAttribute('data-device', '12');
    expect(await within(cardOf('tree')).findByText('2号空压机')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/yun/shared/dashboard')).toHaveLength(1);
    expect(calls.every((c) => c.url.startsWith('/yun/shared/') && param(c).token === 'tok-db')).toBe(true);
    // The page never signs in: the visitor has no session.
    expect(sessionStore.getState().token).toBe('');

    const socket = FakeSocket.last!;
    expect(socket.url).toMatch(/\/api\/sharedComponentsWs$/);
    act(() => socket.open());
    expect(socket.token).toBe('tok-db');
  });

  it('keeps a choice the address already holds', async () => {
    mockApi(handlers());
    const { router } = renderPage('?token=tok-db&device=13');
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    expect(await within(cardOf('screen')).findByTestId('device-screen')).toHaveAttribute('data-device', '13');
    expect(router.state.location.search).toBe('?token=tok-db&device=13');
  });

  it('picks another device in the tree and the linked screen follows', async () => {
    mockApi(handlers());
    const { router } = renderPage();
    expect(await screen.findByText('智慧厂区运行总览')).toBeInTheDocument();
    expect(await within(cardOf('screen')).findByTestId('device-screen')).toHaveAttribute('data-device', '12');
    const other = await within(cardOf('tree')).findByText('2号空压机');
    act(() => other.click());
    await waitFor(() =>
      expect(within(cardOf('screen')).getByTestId('device-screen')).toHaveAttribute('data-device', '13'),
    );
    expect(router.state.location.search).toContain('device=13');
  });

  it.each([118301, 118302, 118303, 118304, 118305])('shows %i when the link does not open', async (code) => {
    mockApi(handlers({ 'GET /yun/shared/dashboard': () => fail(String(code), translateCode(String(code))) }));
    renderPage();
    expect(await screen.findByTestId('share-code')).toHaveTextContent(String(code));
    expect(screen.getByText(translateCode(String(code)))).toBeInTheDocument();
    expect(document.querySelector('[data-card-id]')).toBeNull();
  });

  it('shows 118301 for an address without a token, asking nothing', async () => {
    const calls = mockApi(handlers());
    renderPage('');
    expect(await screen.findByTestId('share-code')).toHaveTextContent('118301');
    expect(calls).toEqual([]);
  });

  it('offers a retry when the opening fails for another reason', async () => {
    let attempts = 0;
    mockApi(
      handlers({
        'GET /yun/shared/dashboard': () => {
          attempts += 1;
          return attempts === 1 ? fail('100003', '服务异常') : ok(opened());
        },
      }),
    );
    renderPage();
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    act(() => retry.click());
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
  });
});
