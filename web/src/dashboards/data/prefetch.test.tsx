import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { mockApi, ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { STATISTIC, card, dashboardOf, renderDashboard, report } from '../test-fixtures';
import { normalizeDocument } from '../model/document';
import type { CardReads } from '../widgets/types';
import { prefetchCards } from './prefetch';
import { group, params } from './widget.fixtures';

type FakeReads = { [K in keyof CardReads]: Mock<CardReads[K]> };

function fakeReads(): FakeReads {
  return {
    report: vi.fn(),
    screens: vi.fn(),
    groups: vi.fn(),
    devices: vi.fn(),
    device: vi.fn(),
    map: vi.fn(),
    net: vi.fn(),
    alarms: vi.fn(),
    weather: vi.fn(),
    dashboard: vi.fn(() => Promise.resolve(null)),
  };
}

const ALL = { deviceId: null, groupId: null };

describe('asking ahead for the cards of a dashboard', () => {
  it("starts each card's first reads from its own settings, a tree-linked card's only where its pick cannot change them", () => {
    const cards = normalizeDocument({
      ...dashboardOf([
        card('r', 'report', { report_id: 3, refresh_s: 0 }),
        card('rl', 'report', { report_id: 4, refresh_s: 0 }, { link: 'device' }),
        card('s', 'configuration', { device_id: 7 }),
        card('sl', 'configuration', { device_id: 8 }, { link: 'device' }),
        card('dt', 'deviceTree', { group_id: 5 }),
        card('gt', 'groupTree', {}),
        card('m', 'map', { group_id: 5 }),
        card('n', 'netMonitor', {}),
        card('fd', 'fault', { device_id: 11, limit: 10 }),
        card('fg', 'fault', { group_id: 4, limit: 10 }),
        card('w', 'weather', { lat: 31.2, lon: 121.5, days: 3 }),
        card('tg', 'dashboardToggle', { dashboard_ids: [1, 2, 3], interval_s: 0 }),
        card('x', 'text', { text: '标题' }),
      ]).document,
    }).cards;
    const reads = fakeReads();
    prefetchCards(cards, reads, 1);

    expect(reads.report.mock.calls).toEqual([
      [3, true],
      // Following the tree, a picked device draws another statistic: the definition only.
      [4, false],
    ]);
    expect(reads.screens.mock.calls).toEqual([[7]]);
    expect(reads.devices.mock.calls).toEqual([[{ group_id: 5 }]]);
    expect(reads.map.mock.calls).toEqual([[5]]);
    expect(reads.net.mock.calls).toEqual([[null]]);
    expect(reads.device.mock.calls).toEqual([[11]]);
    expect(reads.alarms.mock.calls).toEqual([
      [ALL],
      [ALL],
      [{ deviceId: 11, groupId: null }],
      [{ deviceId: null, groupId: 4 }],
    ]);
    expect(reads.weather.mock.calls).toEqual([[31.2, 121.5, 3]]);
    // The toggle's first dashboard that is not this one.
    expect(reads.dashboard.mock.calls).toEqual([[2]]);
    expect(reads.groups).toHaveBeenCalled();
  });

  it("asks for a container's shown tab only, and nothing of a toggled dashboard's toggles", () => {
    const container = normalizeDocument({
      ...dashboardOf([
        card('c', 'container', {
          tabs: [
            { title: '一', card: card('c1', 'report', { report_id: 5, refresh_s: 0 }) },
            { title: '二', card: card('c2', 'report', { report_id: 6, refresh_s: 0 }) },
          ],
        }),
        card('tg', 'dashboardToggle', { dashboard_ids: [2], interval_s: 0 }),
      ]).document,
    }).cards;
    const reads = fakeReads();
    prefetchCards(container, reads, 1, true);
    expect(reads.report.mock.calls).toEqual([[5, true]]);
    expect(reads.dashboard).not.toHaveBeenCalled();
  });

  it('asks nothing without a source that asks ahead', () => {
    const cards = normalizeDocument(
      dashboardOf([card('r', 'report', { report_id: 3, refresh_s: 0 })]).document,
    ).cards;
    expect(() => {
      prefetchCards(cards, undefined, 1);
    }).not.toThrow();
  });
});

describe("the console's reads asked ahead", () => {
  beforeEach(() => {
    signInAs(['P20000', 'P10000', 'P30000', 'P62000']);
    installFakeRtd();
  });

  afterEach(() => {
    setRtdClient(null);
  });

  it("are the cards' own queries: each read is asked once", async () => {
    const calls = mockApi({
      'GET /yun/report/info': () => ok(report()),
      'GET /yun/report/statistic': () => ok(STATISTIC),
      'GET /yun/dashboard/net': () => ok({ total: 7, online: 6, offline: 1, unregistered: 0, alarms: 0 }),
      'GET /yun/flow/analysis': () =>
        ok({
          items: [],
          total: 2,
          page: 1,
          page_size: 1,
          summary: { cards: 2, used_mb: 512, total_mb: 1024, warning: 0, shutdown: 0 },
        }),
      'GET /yun/dev/group': () => ok([group(1, '默认分组'), group(4, '二车间')]),
      'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    });
    renderDashboard(
      dashboardOf([
        card('r', 'report', { report_id: 3, refresh_s: 30 }, { title: '在线设备' }),
        card('n', 'netMonitor', { group_id: 4 }),
        card('f', 'fault', { group_id: 4, limit: 10 }),
      ]),
    );
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(await screen.findByText('没有未确认的告警')).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.some((c) => c.url === '/yun/flow/analysis')).toBe(true);
    });
    const asked = calls.map((c) => `${c.url} ${JSON.stringify(params(c))}`);
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(new Set(asked).size).toBe(asked.length);
  });
});
