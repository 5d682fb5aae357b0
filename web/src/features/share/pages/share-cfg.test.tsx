import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sessionStore } from '@/lib/session';
import type { RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import { FakeSocket } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { liveItem } from '@/test/telemetry';
import type { SharedDeviceScreenOut, SharedModuleOut } from '../api/shared';
import { shareStore } from '../lib/share-store';
import ShareConfigurationPage from './share-cfg';

const element = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  placement: { x: 10, y: 10, w: 160, h: 30 },
  settings: {},
  bindings: { value: { data_source_id: 41 } },
  ...extra,
});

const screenOf = (elements: unknown[]): RuntimeScreenOut => ({
  id: 1,
  kind: 'web',
  name: '总览',
  is_main: true,
  sort: 1,
  width: 800,
  height: 450,
  document: { schema_version: 1, elements } as unknown as RuntimeScreenOut['document'],
});

function opened(permission = 1): SharedModuleOut {
  return {
    link: { link_type: 1, permission, expire_at: null, note: '' },
    share_user: {
      user_name: '张工',
      permissions: ['P10000'],
      device_permissions: permission === 2 ? ['write'] : [],
    },
    devices: [
      { id: 12, name: '一号泵站', sn: 'IOT0000012', dev_state: 1 },
      { id: 13, name: '二号泵站', sn: 'IOT0000013', dev_state: 2 },
    ],
  };
}

function deviceScreen(deviceId: number, elements: unknown[], canWrite = false): SharedDeviceScreenOut {
  return {
    screens: { device_id: deviceId, template_id: 3, release: 1, screens: [screenOf(elements)] },
    live: {
      device_id: deviceId,
      sn_code: `IOT00000${String(deviceId)}`,
      dev_alias: '',
      dev_state: 1,
      report_time: 1,
      template_id: 3,
      template_version: 1,
      can_write: canWrite,
      password_required: false,
      device_password_set: false,
      offline_timeout_ms: 90_000,
      items: [liveItem({ id: 41, value: deviceId === 12 ? 0.82 : 0.33, ts: 1_000 })],
    },
    write_config: {
      user_can_write: canWrite,
      device_can_write: true,
      online: true,
      password_required: false,
      device_password_set: false,
    },
    alarms: [],
  } as SharedDeviceScreenOut;
}

const valueScreen = [element('pressure', 'value', { settings: { unit: 'MPa', decimals: 2 } })];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/shared/module': () => ok(opened()),
    'GET /yun/shared/module/device': (config) =>
      ok(deviceScreen((config.params as { device_id: number }).device_id, valueScreen)),
    ...over,
  };
}

function renderPage(search = '?token=tok-1') {
  return renderRoutes([{ path: '/share-cfg', element: <ShareConfigurationPage /> }], {
    initialEntries: [`/share-cfg${search}`],
  });
}

const shown = (id: string) => document.querySelector(`[data-element-id="${id}"]`);

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.setState({ token: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenWidth();
});

describe('ShareConfigurationPage', () => {
  it('opens the link and shows the first device’s screen, live through the shared socket', async () => {
    const calls = mockApi(handlers());
    renderPage();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    expect(screen.getByRole('heading', { name: '一号泵站' })).toBeInTheDocument();
    expect(screen.getByText('张工 分享')).toBeInTheDocument();
    expect(screen.getByText('只读')).toBeInTheDocument();
    // The creator is kept in the share store, never in the session.
    expect(shareStore.getState().shareUser?.user_name).toBe('张工');
    expect(sessionStore.getState().token).toBe('');
    expect(calls.filter((c) => c.url === '/yun/shared/module')).toHaveLength(1);

    const socket = FakeSocket.last;
    expect(socket?.url).toMatch(/^ws:\/\/.*\/api\/sharedComponentsWs$/);
    act(() => socket?.open());
    expect(socket?.token).toBe('tok-1');
    expect(socket?.sent).toContainEqual({ op: 'sub', devices: [12] });
    act(() =>
      socket?.receive({ type: 'values', device_id: 12, values: [{ id: 41, v: 1.25, ts: 2_000, q: 0 }] }),
    );
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('1.25 MPa'));
  });

  it('switches device with the selector and keeps the choice in the URL', async () => {
    const user = userEvent.setup();
    mockApi(handlers());
    const { router } = renderPage();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    await user.click(screen.getByRole('combobox', { name: '设备' }));
    await user.click(await screen.findByText('二号泵站 (IOT0000013)'));
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.33 MPa'));
    expect(router.state.location.search).toContain('device_id=13');
    expect(screen.getByRole('heading', { name: '二号泵站' })).toBeInTheDocument();
  });

  it('writes through POST /yun/shared/module/write with the link’s token on a control link', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    mockApi(
      handlers({
        'GET /yun/shared/module': () => ok(opened(2)),
        'GET /yun/shared/module/device': () =>
          ok(deviceScreen(12, [element('sw', 'switch', { settings: { on_value: 1, off_value: 0 } })], true)),
        'POST /yun/shared/module/write': (config) => {
          posted.push(bodyOf(config));
          return ok({ req_id: 'r', value: 1, old_value: 0, ack_time: 3_000 });
        },
      }),
    );
    renderPage();
    expect(await screen.findByText('可控制')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await user.click(toggle);
    await waitFor(() =>
      expect(posted).toEqual([{ token: 'tok-1', device_id: 12, data_source_id: 41, value: 1 }]),
    );
  });

  it('keeps the controls off on a read-only link', async () => {
    mockApi(
      handlers({
        'GET /yun/shared/module/device': () =>
          ok(deviceScreen(12, [element('sw', 'switch', { settings: { on_value: 1, off_value: 0 } })], true)),
      }),
    );
    renderPage();
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'true'));
  });

  it.each([
    ['118301', '分享链接无效'],
    ['118302', '没有访问该分享链接的权限'],
    ['118303', '分享链接已达到最大访问次数'],
    ['118304', '分享链接已过期'],
    ['118305', '分享链接已停用'],
  ])('shows a full page for %s at open', async (code, message) => {
    mockApi(handlers({ 'GET /yun/shared/module': () => fail(code, message) }));
    renderPage();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('share-code')).toHaveTextContent(code);
  });

  it('says the link is invalid when the address carries no token', async () => {
    const calls = mockApi(handlers());
    renderPage('');
    expect(await screen.findByText('分享链接无效')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the opening fails for another reason', async () => {
    let failing = true;
    mockApi(
      handlers({
        'GET /yun/shared/module': () => (failing ? fail('100003', '服务异常') : ok(opened())),
      }),
    );
    renderPage();
    expect(await screen.findByText('分享链接打开失败')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
  });

  it('ends the page when the socket closes with the link’s code', async () => {
    mockApi(handlers());
    renderPage();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    const socket = FakeSocket.last;
    act(() => socket?.open());
    act(() => {
      socket?.receive({ type: 'error', code: 118304, detail: '分享链接已过期' });
      socket?.drop(4401);
    });
    expect(await screen.findByText('分享链接已过期')).toBeInTheDocument();
    expect(screen.getByTestId('share-code')).toHaveTextContent('118304');
    expect(shown('pressure')).toBeNull();
  });

  it('ends the page when the device’s request says the link was disabled', async () => {
    mockApi(handlers({ 'GET /yun/shared/module/device': () => fail('118305', '分享链接已停用') }));
    renderPage();
    expect(await screen.findByText('分享链接已停用')).toBeInTheDocument();
    expect(screen.getByTestId('share-code')).toHaveTextContent('118305');
  });

  it('asks the control password first when the device wants one', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const answer = deviceScreen(
      12,
      [element('sw', 'switch', { settings: { on_value: 1, off_value: 0 } })],
      true,
    );
    answer.write_config.password_required = true;
    mockApi(
      handlers({
        'GET /yun/shared/module': () => ok(opened(2)),
        'GET /yun/shared/module/device': () => ok(answer),
        'POST /yun/shared/module/write': (config) => {
          const body = bodyOf(config) as { password?: string };
          posted.push(body);
          return body.password === 'right'
            ? ok({ req_id: 'r', value: 1, old_value: 0, ack_time: 3_000 })
            : fail('110520', '控制密码错误');
        },
      }),
    );
    renderPage();
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await user.click(toggle);
    const password = await screen.findByLabelText('控制密码');
    await user.type(password, 'wrong{Enter}');
    expect(await screen.findByText('控制密码错误')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'right{Enter}');
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({
      token: 'tok-1',
      device_id: 12,
      data_source_id: 41,
      value: 1,
      password: 'right',
    });
  });

  it('shows the mobile screen on a phone when the template has one', async () => {
    setScreenWidth(390);
    const answer = deviceScreen(12, valueScreen);
    answer.screens.screens.push({
      ...screenOf([element('phone', 'value', { settings: { unit: 'bar', decimals: 2 } })]),
      id: 2,
      kind: 'mobile',
      width: 750,
      height: 1334,
    });
    mockApi(handlers({ 'GET /yun/shared/module/device': () => ok(answer) }));
    renderPage();
    await waitFor(() => expect(shown('phone')).toHaveTextContent('0.82 bar'));
    expect(shown('pressure')).toBeNull();
  });
});
