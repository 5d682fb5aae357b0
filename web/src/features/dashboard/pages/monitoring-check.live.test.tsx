import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { FakeObserver } from '@/test/intersection-observer';
import { ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { alarm, card, findCard, params, renderPage } from './monitoring-check.fixtures';

beforeEach(() => {
  signInAs(['P27000', 'P10000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
  vi.unstubAllGlobals();
});

describe('MonitoringCheckPage, live', () => {
  it('lands pushed values, states and alarms on their card', async () => {
    renderPage();
    const pump1 = await findCard('1号泵');
    await waitFor(() => expect(pump1).toHaveTextContent('0.82'));
    const socket = FakeSocket.last!;
    act(() => socket.open());
    // Each visible card subscribes to its first data sources only.
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [41, 42] }));
    expect(socket.sent).toContainEqual({ op: 'sub', alarms: true });
    act(() =>
      socket.receive({ type: 'values', device_id: 12, values: [{ id: 41, v: 0.9, ts: 2_000, q: 0 }] }),
    );
    await waitFor(() => expect(pump1).toHaveTextContent('出水压力0.90MPa'));
    expect(within(pump1).getByText('0.90')).toHaveClass('moncheck-value--flash1');
    expect(within(pump1).getByText('36.5').className).not.toMatch(/flash/);
    // The next change plays the other animation of the pair, so the flash starts again.
    act(() =>
      socket.receive({ type: 'values', device_id: 12, values: [{ id: 41, v: 0.95, ts: 2_100, q: 0 }] }),
    );
    await waitFor(() => expect(within(pump1).getByText('0.95')).toHaveClass('moncheck-value--flash0'));
    act(() => socket.receive({ type: 'state', device_id: 12, dev_state: 2, ts: 2_000 }));
    act(() => socket.receive({ type: 'snapshot', device_id: 12, dev_state: 2, values: [] }));
    await waitFor(() => expect(pump1).toHaveTextContent('离线'));
    act(() => socket.receive({ type: 'alarm', alarm: alarm({ id: 9, device_id: 12, alarm_level: 1 }) }));
    await waitFor(() => expect(pump1).toHaveTextContent('1 条报警 · 1级'));
    // Confirmed, it is still active; recovered, it no longer counts.
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 9, device_id: 12, alarm_level: 1, alarm_type: 3, confirm_time: 3 }),
      }),
    );
    act(() => socket.receive({ type: 'alarm', alarm: alarm({ id: 10, device_id: 12, alarm_level: 4 }) }));
    await waitFor(() => expect(pump1).toHaveTextContent('2 条报警 · 1级'));
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({
          id: 9,
          device_id: 12,
          alarm_level: 1,
          alarm_type: 3,
          confirm_time: 3,
          recover_time: 4,
        }),
      }),
    );
    await waitFor(() => expect(pump1).toHaveTextContent('1 条报警 · 4级'));
    act(() =>
      socket.receive({
        type: 'alarm',
        alarm: alarm({ id: 10, device_id: 12, alarm_level: 4, alarm_type: 2, recover_time: 5 }),
      }),
    );
    await waitFor(() => expect(pump1).not.toHaveTextContent('报警'));
  });

  it('opens a card’s screens over the grid, and "back" returns to the grid as it was', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/monitoringCheck?online=true', {
      'GET /yun/v2/rDev/screens': (c) =>
        ok({ device_id: Number(params(c).device_id), template_id: 3, release: 1, screens: [] }),
    });
    const pump1 = await findCard('1号泵');
    const socket = FakeSocket.last!;
    act(() => socket.open());
    const framesOf = (id: number) =>
      socket.sent.filter((f) => JSON.stringify(f).includes(`"devices":[${String(id)}]`));
    await waitFor(() => expect(framesOf(14)).toEqual([{ op: 'sub', devices: [14], sources: [41, 42] }]));
    await user.click(pump1);
    const overlay = await screen.findByRole('dialog', { name: '1号泵' });
    expect(router.state.location.search).toBe('?online=true&open=12');
    // The grid under the screens lets go of the live channel until it shows again.
    await waitFor(() => expect(framesOf(14).at(-1)).toEqual({ op: 'unsub', devices: [14] }));
    await user.click(within(overlay).getByRole('button', { name: /返回监控列表/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '1号泵' })).toBeNull());
    expect(router.state.location.search).toBe('?online=true');
    expect(card('1号泵')).toBeInTheDocument();
    await waitFor(() => expect(framesOf(14).at(-1)).toEqual({ op: 'sub', devices: [14], sources: [41, 42] }));
  });

  it('reads and subscribes only the cards in or near the viewport, and lets go of those scrolled away', async () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { calls } = renderPage();
    const pump1 = await findCard('1号泵');
    const socket = FakeSocket.last!;
    act(() => socket.open());
    const live = () => calls.filter((c) => c.url === '/rDev').map((c) => params(c).device_id);
    expect(live()).toEqual([]);
    act(() => FakeObserver.show(pump1, true));
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [12], sources: [41, 42] }));
    expect(live()).toEqual([12]);
    expect(socket.sent.filter((f) => (f as { devices?: number[] }).devices?.includes(13))).toEqual([]);
    await waitFor(() => expect(pump1).toHaveTextContent('0.82'));
    act(() => FakeObserver.show(pump1, false));
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'unsub', devices: [12] }));
    // The values shown stay until the card comes back; the seed is not read again.
    expect(pump1).toHaveTextContent('0.82');
    act(() => FakeObserver.show(pump1, true));
    await waitFor(() =>
      expect(socket.sent.filter((f) => JSON.stringify(f).includes('"devices":[12]'))).toHaveLength(3),
    );
    expect(live()).toEqual([12]);
  });
});
