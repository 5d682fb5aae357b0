// The tenant's default time zone on the personalization page (issue 36 point 3): the zone saved is shown, another
// one is saved with PUT /yun/timezone/tenant and becomes the administrator's zone when they follow the tenant's.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { TimeZonesOut } from '@/lib/time-zones/api';
import { setUserZone, viewerZone } from '@/lib/timezone';
import { bodyOf, fail, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { TenantZoneCard } from './tenant-zone-card';

const ZONES: TimeZonesOut = {
  effective: 'Asia/Shanghai',
  user: null,
  tenant: 'Asia/Shanghai',
  zones: [
    { id: 'America/New_York', offset: -300, label: '(UTC-05:00) America/New_York' },
    { id: 'Asia/Shanghai', offset: 480, label: '(UTC+08:00) Asia/Shanghai' },
  ],
};

afterEach(() => {
  setUserZone(null);
});

async function chooseNewYork() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <TenantZoneCard /> }]);
  const box = await screen.findByRole('combobox', { name: '默认时区' });
  expect(screen.getByTitle('(UTC+08:00) Asia/Shanghai')).toBeInTheDocument();
  const save = screen.getByRole('button', { name: '保存时区' });
  expect(save).toBeDisabled();
  await user.click(box);
  await user.type(box, 'York');
  await user.click(await screen.findByTitle('(UTC-05:00) America/New_York'));
  await user.click(save);
}

describe('TenantZoneCard', () => {
  it("saves the tenant's zone, which the administrator then follows", async () => {
    setUserZone('Asia/Shanghai');
    const calls = mockApi({
      'GET /yun/timezone': () => ok(ZONES),
      'PUT /yun/timezone/tenant': () =>
        ok({ effective: 'America/New_York', user: null, tenant: 'America/New_York' }),
    });
    await chooseNewYork();
    await waitFor(() => {
      expect(viewerZone()).toBe('America/New_York');
    });
    expect(calls.filter((c) => c.method === 'put').map(bodyOf)).toEqual([{ time_zone: 'America/New_York' }]);
    expect(await screen.findByText('默认时区已保存')).toBeInTheDocument();
  });

  it('shows the refusal and keeps the zone in force', async () => {
    setUserZone('Asia/Shanghai');
    mockApi({
      'GET /yun/timezone': () => ok(ZONES),
      'PUT /yun/timezone/tenant': () => fail('100015', '没有权限'),
    });
    await chooseNewYork();
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(viewerZone()).toBe('Asia/Shanghai');
  });
});
