// The user's own time zone (issue 36 point 3): the dialog of the user menu lists the zones, follows the tenant's by
// default, saves the one chosen and makes it the zone every time of the console follows at once; 110578 is shown.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { formatTime } from '@/lib/telemetry/format';
import type { TimeZonesOut } from '@/lib/time-zones/api';
import { TimeZonePicker } from '@/lib/time-zones/time-zone-picker';
import { setUserZone, viewerTz, viewerZone } from '@/lib/timezone';
import { bodyOf, fail, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { TimeZoneModal } from './time-zone-modal';

const ZONES: TimeZonesOut = {
  effective: 'Asia/Shanghai',
  user: null,
  tenant: 'Asia/Shanghai',
  zones: [
    { id: 'America/New_York', offset: -300, label: '(UTC-05:00) America/New_York' },
    { id: 'Europe/London', offset: 0, label: '(UTC+00:00) Europe/London' },
    { id: 'Asia/Shanghai', offset: 480, label: '(UTC+08:00) Asia/Shanghai' },
  ],
};
// 2026-12-01 00:00 UTC.
const AT = Date.UTC(2026, 11, 1);

afterEach(() => {
  setUserZone(null);
});

function renderModal(put: (body: unknown) => unknown) {
  let closed = 0;
  const calls = mockApi({
    'GET /yun/timezone': () => ok(ZONES),
    'PUT /yun/timezone/user': (config) => put(bodyOf(config)),
  });
  renderRoutes([
    {
      path: '/',
      element: (
        <TimeZoneModal
          open
          onClose={() => {
            closed += 1;
          }}
        />
      ),
    },
  ]);
  return { calls, closed: () => closed };
}

async function pick(label: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: '我的时区' });
  const box = await within(dialog).findByRole('combobox', { name: '时区' });
  await user.click(box);
  await user.type(box, label.slice(-6));
  await user.click(await screen.findByTitle(label));
  await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  return dialog;
}

describe('TimeZoneModal', () => {
  it("follows the tenant's zone, then saves the one chosen and the console follows it at once", async () => {
    setUserZone('Asia/Shanghai');
    expect(formatTime(AT)).toBe('2026-12-01 08:00');
    const { calls, closed } = renderModal(() =>
      ok({ effective: 'Europe/London', user: 'Europe/London', tenant: 'Asia/Shanghai' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '我的时区' });
    expect(await within(dialog).findByText('跟随租户默认（Asia/Shanghai）')).toBeInTheDocument();
    await pick('(UTC+00:00) Europe/London');
    await waitFor(() => {
      expect(closed()).toBe(1);
    });
    expect(calls.filter((c) => c.method === 'put').map(bodyOf)).toEqual([{ time_zone: 'Europe/London' }]);
    expect(viewerZone()).toBe('Europe/London');
    expect(viewerTz(new Date(AT))).toBe(0);
    expect(formatTime(AT)).toBe('2026-12-01 00:00');
  });

  it('shows 110578 and keeps the zone in force', async () => {
    setUserZone('Asia/Shanghai');
    const { closed } = renderModal(() => fail('110578', '时区无效', 'time_zone'));
    const dialog = await pick('(UTC-05:00) America/New_York');
    expect(await within(dialog).findByText('时区无效')).toBeInTheDocument();
    expect(closed()).toBe(0);
    expect(viewerZone()).toBe('Asia/Shanghai');
  });
});

describe('TimeZonePicker', () => {
  it('finds a zone by any part of its name or offset', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderRoutes([{ path: '/', element: <TimeZonePicker zones={ZONES.zones} aria-label="zone" /> }]);
    const box = screen.getByRole('combobox', { name: 'zone' });
    await user.click(box);
    await user.type(box, 'york');
    expect(await screen.findByTitle('(UTC-05:00) America/New_York')).toBeInTheDocument();
    expect(screen.queryByTitle('(UTC+00:00) Europe/London')).toBeNull();
    await user.clear(box);
    await user.type(box, 'UTC+08');
    expect(await screen.findByTitle('(UTC+08:00) Asia/Shanghai')).toBeInTheDocument();
    expect(screen.queryByTitle('(UTC-05:00) America/New_York')).toBeNull();
  });
});
