import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import ConfigureMonitorPage, { LAST_DEVICE_KEY } from './configure-monitor';

const main = (deviceId: number) => ({
  id: 100 + deviceId,
  kind: 'web',
  name: '总览',
  is_main: true,
  sort: 0,
  width: 800,
  height: 450,
  document: {
    schema_version: 1,
    elements: [
      {
        id: `pressure-${String(deviceId)}`,
        type: 'value',
        placement: { x: 10, y: 10, w: 160, h: 30 },
        settings: { unit: 'MPa', decimals: 2 },
        bindings: { value: { data_source_id: 41 } },
      },
    ],
  },
});

const idOf = (config: { params?: unknown }) => (config.params as { device_id: number }).device_id;

const handlers: Record<string, Handler> = {
  'GET /dev': () =>
    ok({
      items: [
        { id: 12, sn_code: 'IOT0000012', alias: '1号泵' },
        { id: 13, sn_code: 'IOT0000013', alias: '2号泵' },
      ],
      total: 2,
      page: 1,
      page_size: 200,
    }),
  'GET /yun/v2/rDev/screens': (config) =>
    ok({ device_id: idOf(config), template_id: 3, release: 1, screens: [main(idOf(config))] }),
  'GET /rDev': (config) =>
    ok({
      device_id: idOf(config),
      sn_code: 'IOT',
      dev_alias: '',
      dev_state: 1,
      report_time: 1,
      template_id: 3,
      template_version: 1,
      can_write: true,
      password_required: false,
      items: [liveItem({ id: 41, value: idOf(config) === 12 ? 0.82 : 0.35, ts: 1_000 })],
    }),
  'GET /yun/v2/rDev/config': () =>
    ok({ user_can_write: true, device_can_write: true, online: true, password_required: false }),
  'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
};

const shown = (id: string) => document.querySelector(`[data-element-id="${id}"]`);

beforeEach(() => {
  window.localStorage.removeItem(LAST_DEVICE_KEY);
  signInAs(['P24000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('ConfigureMonitorPage', () => {
  it('asks for a device, shows the one chosen live, and remembers it in the URL and for next time', async () => {
    const user = userEvent.setup();
    mockApi(handlers);
    const { router } = renderRoutes([{ path: '/configureMonitor', element: <ConfigureMonitorPage /> }], {
      initialEntries: ['/configureMonitor'],
    });
    expect(await screen.findByText('选择一台设备，查看它的组态画面')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '设备' }));
    await user.click(await screen.findByText('2号泵 (IOT0000013)'));
    await waitFor(() => expect(shown('pressure-13')).toHaveTextContent('0.35 MPa'));
    expect(router.state.location.search).toBe('?device_id=13');
    expect(window.localStorage.getItem(LAST_DEVICE_KEY)).toBe('13');
  });

  it('opens on the device of the URL, else on the last one watched', async () => {
    mockApi(handlers);
    window.localStorage.setItem(LAST_DEVICE_KEY, '12');
    renderRoutes([{ path: '/configureMonitor', element: <ConfigureMonitorPage /> }], {
      initialEntries: ['/configureMonitor'],
    });
    await waitFor(() => expect(shown('pressure-12')).toHaveTextContent('0.82 MPa'));
  });

  it('makes a share link for the device shown, with Share (P82000 only)', async () => {
    const user = userEvent.setup();
    signInAs(['P24000', 'P82000']);
    const sent: unknown[] = [];
    mockApi({
      ...handlers,
      'POST /yun/components/share': (config) => {
        sent.push(bodyOf(config));
        return ok({ id: 1, token: 'tok-new' });
      },
    });
    renderRoutes([{ path: '/configureMonitor', element: <ConfigureMonitorPage /> }], {
      initialEntries: ['/configureMonitor?device_id=12'],
    });
    await waitFor(() => expect(shown('pressure-12')).toHaveTextContent('0.82 MPa'));
    await user.click(screen.getByRole('button', { name: /分\s*享/ }));
    const [title] = await screen.findAllByText('新建分享链接', { selector: '.ant-modal-title' });
    const dialog = title?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    await user.click(within(dialog).getByText('可控制'));
    await user.click(within(dialog).getByRole('button', { name: '创建链接' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { link_type: 1, device_ids: [12], permission: 2, expire_at: null, access_limit: null, note: '' },
      ]),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/iotyun/share-cfg?token=tok-new`,
    );
    // The address is shown once, now: the server keeps only its hash.
    expect(await screen.findByRole('textbox', { name: '链接地址' })).toHaveValue(
      `${window.location.origin}/iotyun/share-cfg?token=tok-new`,
    );
  });

  it('offers no Share without P82000', async () => {
    mockApi(handlers);
    renderRoutes([{ path: '/configureMonitor', element: <ConfigureMonitorPage /> }], {
      initialEntries: ['/configureMonitor?device_id=12'],
    });
    await waitFor(() => expect(shown('pressure-12')).toHaveTextContent('0.82 MPa'));
    expect(screen.queryByRole('button', { name: /分\s*享/ })).toBeNull();
  });
});
