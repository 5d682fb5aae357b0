// A measurement of the central monitoring grid under load: 100 cards, each pushed 10 values a second for 3 s, then
// one card alone. Each card's renders are counted with a Profiler around it: a card renders once per frame that
// changed its own device, never for another's push nor for the page's own renders.
import { act, screen, waitFor } from '@testing-library/react';
import { createElement, memo, Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import type { MonitorCardProps } from '../components/monitoring/monitor-card';
import MonitoringCheckPage from './monitoring-check';

const renders = new Map<number, number>();

vi.mock('../components/monitoring/monitor-card', async (importActual) => {
  const actual = await importActual<typeof import('../components/monitoring/monitor-card')>();
  const count = (id: string) => renders.set(Number(id), (renders.get(Number(id)) ?? 0) + 1);
  const Counted = memo(function Counted(props: MonitorCardProps) {
    return createElement(
      Profiler,
      { id: String(props.device.id), onRender: count },
      createElement(actual.MonitorCard, props),
    );
  });
  return { ...actual, MonitorCard: Counted };
});

const N = 100;
const IDS = Array.from({ length: N }, (_, i) => i + 1);
const SOURCES = [41, 42, 43, 44, 45, 46];

beforeEach(() => {
  signInAs(['P27000', 'P10000']);
  installFakeRtd();
});

afterEach(() => {
  vi.useRealTimers();
  setRtdClient(null);
});

describe('MonitoringCheckPage with 100 devices', () => {
  it('renders only the card whose device changed, once per frame', async () => {
    mockApi({
      'GET /dev': () =>
        ok({
          items: IDS.map((id) => ({
            id,
            sn_code: `IOT${String(id).padStart(7, '0')}`,
            alias: `泵${String(id)}`,
            dev_state: 1,
            report_time: 1_000,
            registered: true,
            group_name: null,
          })),
          total: N,
          page: 1,
          page_size: N,
        }),
      'GET /rDev': (c) => {
        const id = (c.params as { device_id: number }).device_id;
        return ok({
          device_id: id,
          sn_code: '',
          dev_alias: '',
          dev_state: 1,
          report_time: 1_000,
          template_id: 3,
          template_version: 1,
          can_write: true,
          password_required: false,
          // Eight data sources: the card shows and subscribes to the first six.
          items: [...SOURCES, 47, 48].map((sid) =>
            liveItem({ id: sid, name: `量${String(sid)}`, value: 0, ts: 1_000 }),
          ),
        });
      },
      'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    });
    renderRoutes([{ path: '/monitoringCheck', element: <MonitoringCheckPage /> }], {
      initialEntries: ['/monitoringCheck'],
    });
    await screen.findByRole('button', { name: '打开 泵100 的组态画面' });
    const socket = FakeSocket.last!;
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent.filter((f) => (f as { op: string }).op === 'sub')).toHaveLength(N + 1),
    );
    expect(socket.sent).toContainEqual({ op: 'sub', devices: [1], sources: SOURCES });

    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    renders.clear();
    const push = (id: number, v: number, ts: number) =>
      socket.receive({ type: 'values', device_id: id, values: [{ id: 41, v, ts, q: 0 }] });

    // Every card, 10 pushes a second each, for 3 s: 3000 frames of the socket.
    const started = globalThis.performance.now();
    for (let tick = 1; tick <= 30; tick += 1) {
      act(() => {
        for (const id of IDS) push(id, tick, 1_000 + tick * 100);
        vi.advanceTimersByTime(100);
      });
    }
    const phase1 = Math.round(globalThis.performance.now() - started);
    const perCard = IDS.map((id) => renders.get(id) ?? 0);
    console.info(
      `[moncheck] 100 cards × 10 pushes/s × 3 s: renders per card min ${String(Math.min(...perCard))} max ${String(Math.max(...perCard))}, total ${String(perCard.reduce((a, b) => a + b, 0))}; jsdom wall ${String(phase1)} ms for 3000 pushes`,
    );
    expect(perCard.every((n) => n === 30)).toBe(true);
    expect(screen.getByRole('button', { name: '打开 泵57 的组态画面' })).toHaveTextContent('量4130.00MPa');

    // One card alone, and a burst of five pushes within one frame.
    renders.clear();
    for (let tick = 31; tick <= 60; tick += 1) {
      act(() => {
        for (let k = 0; k < 5; k += 1) push(7, tick + k / 10, 1_000 + tick * 100 + k);
        vi.advanceTimersByTime(100);
      });
    }
    console.info(
      `[moncheck] card 7 alone, 5 pushes a frame × 30: card 7 renders ${String(renders.get(7) ?? 0)}, others ${String([...renders.entries()].filter(([id]) => id !== 7).reduce((a, [, n]) => a + n, 0))}`,
    );
    expect(renders.get(7)).toBe(30);
    expect([...renders.keys()]).toEqual([7]);
  });
});
