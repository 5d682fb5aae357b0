import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import { screensFor } from '@/lib/telemetry/get-device-screens';
import type { LiveDeviceOut } from '@/lib/telemetry/types';
import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import DeviceScreens from './device-screens';

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
});
