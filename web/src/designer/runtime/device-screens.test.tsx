import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import { screensFor } from '@/lib/telemetry/get-device-screens';
import type { LiveDeviceOut } from '@/lib/telemetry/types';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import DeviceScreens from './device-screens';
import { FIT_STORAGE_KEY } from './fit';

const value = (id: string, source: number, unit: string) => ({
  id,
  type: 'value',
  placement: { x: 10, y: 10, w: 160, h: 30 },
  settings: { unit, decimals: 2 },
  bindings: { value: { data_source_id: source } },
});

function runtimeScreen(over: Partial<RuntimeScreenOut> & { id: number }): RuntimeScreenOut {
  return {
    kind: 'web',
    name: '主画面',
    is_main: false,
    sort: over.id,
    width: 800,
    height: 450,
    document: { schema_version: 1, elements: [] } as unknown as RuntimeScreenOut['document'],
    ...over,
  };
}

const SCREENS: RuntimeScreenOut[] = [
  runtimeScreen({
    id: 2,
    name: '工艺',
    document: { schema_version: 1, elements: [value('flow', 41, 'kPa')] } as never,
  }),
  runtimeScreen({
    id: 1,
    name: '总览',
    is_main: true,
    sort: 5,
    document: { schema_version: 1, elements: [value('pressure', 41, 'MPa')] } as never,
  }),
  runtimeScreen({
    id: 3,
    kind: 'mobile',
    name: '手机',
    is_main: true,
    width: 750,
    height: 1334,
    document: { schema_version: 1, elements: [value('phone', 41, 'bar')] } as never,
  }),
];

const live: LiveDeviceOut = {
  device_id: 12,
  sn_code: 'IOT0000012',
  dev_alias: '',
  dev_state: 1,
  report_time: 1,
  template_id: 3,
  template_version: 1,
  can_write: true,
  password_required: false,
  items: [liveItem({ id: 41, value: 0.82, ts: 1_000 })],
};

const handlers = (screens: RuntimeScreenOut[], templateId: number | null = 3): Record<string, Handler> => ({
  'GET /yun/v2/rDev/screens': () =>
    ok({ device_id: 12, template_id: templateId, release: templateId && 1, screens }),
  'GET /rDev': () => ok(live),
  'GET /yun/v2/rDev/config': () =>
    ok({ user_can_write: true, device_can_write: true, online: true, password_required: false }),
  'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
});

function renderPanel(over: Record<string, Handler>) {
  mockApi(over);
  renderRoutes([
    { path: '/', element: <DeviceScreens deviceId={12} /> },
    { path: '/configureManage/templateBind', element: <p>bind page</p> },
  ]);
}

const shown = (id: string) => document.querySelector(`[data-element-id="${id}"]`);

beforeEach(() => {
  signInAs(['P10000', 'P42000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  resetScreenWidth();
});

describe('screensFor', () => {
  it('takes the kind the viewer’s screen suits, main first, else the other kind', () => {
    expect(screensFor(SCREENS, false).map((s) => s.id)).toEqual([1, 2]);
    expect(screensFor(SCREENS, true).map((s) => s.id)).toEqual([3]);
    const webOnly = SCREENS.filter((s) => s.kind === 'web');
    expect(screensFor(webOnly, true).map((s) => s.id)).toEqual([1, 2]);
  });

  it('passes over a kind whose screens are all empty, as a new template’s are', () => {
    const emptyMobile = [
      ...SCREENS.filter((s) => s.kind === 'web'),
      runtimeScreen({ id: 4, kind: 'mobile' }),
    ];
    expect(screensFor(emptyMobile, true).map((s) => s.id)).toEqual([1, 2]);
    const emptyWeb = [runtimeScreen({ id: 5, is_main: true }), ...SCREENS.filter((s) => s.kind === 'mobile')];
    expect(screensFor(emptyWeb, false).map((s) => s.id)).toEqual([3]);
    const nothing = [runtimeScreen({ id: 5, is_main: true }), runtimeScreen({ id: 4, kind: 'mobile' })];
    expect(screensFor(nothing, false).map((s) => s.id)).toEqual([5]);
  });
});

describe('DeviceScreens', () => {
  it('shows the main screen with the device’s values, and another screen when chosen', async () => {
    const user = userEvent.setup();
    renderPanel(handlers(SCREENS));
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    expect(shown('flow')).toBeNull();
    await user.click(screen.getByText('工艺'));
    await waitFor(() => expect(shown('flow')).toHaveTextContent('0.82 kPa'));
    expect(shown('pressure')).toBeNull();
  });

  it('shows the mobile screen on a phone', async () => {
    setScreenWidth(390);
    renderPanel(handlers(SCREENS));
    await waitFor(() => expect(shown('phone')).toHaveTextContent('0.82 bar'));
    expect(screen.queryByText('总览')).toBeNull();
  });

  it('says the device has no published template, with the way to bind one', async () => {
    const user = userEvent.setup();
    renderPanel(handlers([], null));
    expect(await screen.findByText('该设备没有已发布的组态模板')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '去绑定模板' }));
    expect(await screen.findByText('bind page')).toBeInTheDocument();
  });

  it('says a published template without screens has none to show', async () => {
    renderPanel(handlers([]));
    expect(await screen.findByText('模板还没有画面')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '去绑定模板' })).toBeNull();
  });

  it('fits the screen as chosen and keeps the choice for the next visit', async () => {
    const user = userEvent.setup();
    window.localStorage.removeItem(FIT_STORAGE_KEY);
    renderPanel(handlers(SCREENS));
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    const region = () => screen.getByRole('region', { name: '总览' });
    expect(region()).toHaveClass('iot-screen--fit-contain');
    await user.click(screen.getByText('适应宽度'));
    expect(region()).toHaveClass('iot-screen--fit-width');
    expect(window.localStorage.getItem(FIT_STORAGE_KEY)).toBe('width');
    await user.click(screen.getByText('适应高度'));
    expect(region()).toHaveClass('iot-screen--fit-height');
    expect(window.localStorage.getItem(FIT_STORAGE_KEY)).toBe('height');
    window.localStorage.removeItem(FIT_STORAGE_KEY);
  });

  it('unsubscribes the device while the page is hidden, and subscribes afresh when shown again', async () => {
    renderPanel(handlers(SCREENS));
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    const socket = FakeSocket.last!;
    act(() => socket.open());
    // The device frames (not the alarm subscription).
    const ops = () =>
      (socket.sent as { op: string; devices?: number[] }[])
        .filter((frame) => frame.devices?.includes(12))
        .map((frame) => frame.op);
    await waitFor(() => expect(ops()).toContain('sub'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(ops().at(-1)).toBe('unsub'));
      visibility.mockReturnValue('visible');
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(ops().at(-1)).toBe('sub'));
      // The fresh snapshot brings the value up to date.
      act(() =>
        socket.receive({
          type: 'snapshot',
          device_id: 12,
          dev_state: 1,
          values: [{ id: 41, v: 0.91, ts: 2_000, q: 0 }],
        }),
      );
      await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.91 MPa'));
    } finally {
      visibility.mockRestore();
    }
  });

  it('keeps the alarm icon of a confirmed, unrecovered alarm steady', async () => {
    renderPanel({
      ...handlers(SCREENS),
      'GET /hAlarmDev': () =>
        ok({
          items: [
            {
              id: 7,
              device_id: 12,
              sn_code: 'IOT0000012',
              dev_alias: '',
              data_source_id: 41,
              data_source_name: '出水压力',
              alarm_name: '压力高',
              alarm_level: 2,
              alarm_type: 3,
              alarm_info: null,
              value: 0.82,
              alarm_time: 1_000,
              recover_time: null,
              confirm_time: 1_500,
              confirm_userName: 'admin',
              alarm_note: null,
            },
          ],
          total: 1,
          page: 1,
          page_size: 200,
        }),
    });
    await waitFor(() =>
      expect(shown('pressure')?.querySelector('.iot-alarm-icon--confirmed')).not.toBeNull(),
    );
  });
});
