import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, fail, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { devicePrivileges } from '@/test/telemetry';
import type { DeviceDetailOut } from '../../types';
import { VpnCard } from './vpn-card';

function device(over: Partial<DeviceDetailOut> = {}): DeviceDetailOut {
  return {
    id: 7,
    sn_code: 'IOT0000007',
    alias: '冷库温控',
    registered: true,
    can_manage: true,
    dev_state: 1,
    vpn_state: false,
    vpn_ip: '',
    ...over,
  } as DeviceDetailOut;
}

const PRIVILEGES = { 'GET /dev/privileges': () => ok(devicePrivileges()) };

function renderCard(d: DeviceDetailOut) {
  renderRoutes([{ path: '/', element: <VpnCard device={d} /> }]);
}

describe('the VPN card', () => {
  beforeEach(() => signInAs(['P10000'], { roles: ['user'] }));

  it('opens the VPN after a confirmation and says its client IP', async () => {
    const calls = mockApi({
      ...PRIVILEGES,
      'POST /dev/vpn': () => ok({ device_id: 7, vpn_state: true, vpn_ip: '10.8.0.6' }),
    });
    renderCard(device());
    await userEvent.click(await screen.findByRole('button', { name: /打开 VPN/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/冷库温控/).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /打开 VPN/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/dev/vpn')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/dev/vpn')!)).toEqual({ device_id: 7, open: true });
    expect(await screen.findByText(/10\.8\.0\.6/)).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    mockApi({ ...PRIVILEGES, 'POST /dev/vpn': () => fail('110549', '该设备不支持 VPN') });
    renderCard(device());
    await userEvent.click(await screen.findByRole('button', { name: /打开 VPN/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /打开 VPN/ }),
    );
    expect(await screen.findByText('该设备不支持 VPN')).toBeTruthy();
  });

  it('offers closing an open VPN, nothing to a reader, and no switch while offline', async () => {
    mockApi(PRIVILEGES);
    renderCard(device({ vpn_state: true, vpn_ip: '10.8.0.6' }));
    expect(await screen.findByRole('button', { name: /关闭 VPN/ })).toBeTruthy();
    expect(screen.getByText('10.8.0.6')).toBeTruthy();
    cleanup();
    renderCard(device({ can_manage: false }));
    expect(await screen.findByText('VPN')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /VPN/ })).toBeNull();
    cleanup();
    renderCard(device({ dev_state: 2 }));
    expect((await screen.findByRole('button', { name: /打开 VPN/ })).hasAttribute('disabled')).toBe(true);
  });

  it("offers no switch when the caller's role lacks vpn", async () => {
    const calls = mockApi({ 'GET /dev/privileges': () => ok(devicePrivileges(['history', 'edit'])) });
    renderCard(device());
    await waitFor(() => expect(calls.some((c) => c.url === '/dev/privileges')).toBe(true));
    expect(await screen.findByText('VPN')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /VPN/ })).toBeNull();
  });
});
