// Full-network monitoring's page: each part's state and why, the figures, a trend per figure, gateways by tenant
// sorted by those online, the alerts with their acknowledgement (the menu's badge follows), the empty and failed
// states, and a phone's width.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import type { AlertDelivery, Health, PlatformAlert, PlatformAlerts } from '../api/operator';
import { clearOperatorSession, setOperatorSession } from '../lib/session';
import OperatorHealthPage from './health';

vi.mock('@/components/charts/echart', () => ({
  EChart: ({ option, ariaLabel }: { option: { series: { data: unknown[] }[] }; ariaLabel: string }) => (
    <div role="img" aria-label={ariaLabel} data-points={JSON.stringify(option.series[0]?.data)} />
  ),
}));

const NOW = Date.UTC(2026, 11, 1, 2, 0, 0);

function health(over: Partial<Health> = {}): Health {
  return {
    at: NOW,
    parts: [
      { part: 'database', state: 'ok', reason: '', value: 1.2, limit: 500 },
      { part: 'redis', state: 'off', reason: 'unconfigured', value: null, limit: null },
      { part: 'broker', state: 'ok', reason: '', value: 3, limit: null },
      { part: 'ingest', state: 'degraded', reason: 'lagging', value: 45, limit: 30 },
      { part: 'processes', state: 'ok', reason: '', value: 1, limit: null },
      { part: 'exports', state: 'ok', reason: '', value: 2, limit: null },
    ],
    gateways: {
      online: 7,
      total: 12,
      tenants: [
        { tenant_id: 2, tenant_name: '华东水务', online: 2, total: 8 },
        { tenant_id: 1, tenant_name: '北方能源', online: 5, total: 4 },
      ],
    },
    broker: {
      kind: 'embedded',
      connections: 7,
      messages_in_per_s: 12.5,
      messages_out_per_s: 0.2,
      link_reconnects: 0,
      restarts: 0,
    },
    ingest: {
      values_per_s: 240,
      rows_per_s: 230,
      lag_s: 45,
      pending_rows: 5000,
      write_failures: 0,
      lag_limit_s: 30,
    },
    history: {
      rows: 1_234_567,
      rows_growth_24h: 34_000,
      db_bytes: 52_428_800,
      history_bytes: null,
      bytes_growth_24h: 1_048_576,
      measured_at: NOW,
    },
    database: { dialect: 'sqlite', rtt_ms: 1.2, slow_ms: 500, pool_size: 5, pool_in_use: 1 },
    redis: { configured: false, rtt_ms: null, error: '' },
    exports: { queued: 2, running: 1, failed_1h: 0, oldest_queued_s: 12 },
    processes: [
      {
        holder: 'h1:10:a',
        host: 'iot-app-1',
        pid: 10,
        started_at: NOW - 3_600_000,
        last_seen: NOW,
        live: true,
        lost: false,
        broker: 'embedded',
        link_connected: true,
        values_per_s: 240,
        lag_s: 45,
        live_sockets: 3,
      },
    ],
    alerts_open: 1,
    alerts_unacked: 1,
    ...over,
  };
}

function alert(over: Partial<PlatformAlert> = {}): PlatformAlert {
  return {
    id: 5,
    condition: 'ingest_lag',
    reason: 'lagging',
    value: 45,
    worst: 65,
    opened_at: NOW - 600_000,
    closed_at: null,
    acked_at: null,
    acked_by_name: '',
    deliveries: [],
    open: true,
    ...over,
  };
}

const trend = ok({
  metric: 'gateways_online',
  hours: 24,
  bucket_s: 300,
  points: [
    { t: NOW - 600_000, value: 6 },
    { t: NOW - 300_000, value: 7 },
  ],
});

function renderPage(handlers: Record<string, Handler>) {
  const calls = mockApi({
    'GET /administrator/health/trend': () => trend,
    ...handlers,
  });
  renderRoutes([{ path: '/operator/health', Component: OperatorHealthPage }], {
    initialEntries: ['/operator/health'],
  });
  return calls;
}

beforeEach(() => {
  setOperatorSession({
    token: 'op-token',
    operator: {
      id: 1,
      user_name: 'ops',
      display_name: '',
      scopes: ['monitoring'],
      is_active: true,
      last_login_at: null,
      email: '',
      phone: '',
      alert_channels: [],
    },
  });
});

afterEach(() => {
  clearOperatorSession();
  resetScreenWidth();
});

describe('OperatorHealthPage', () => {
  it('shows each part, the figures, the trends and the tenants sorted by gateways online', async () => {
    const alerts: PlatformAlerts = { open: 1, unacked: 1, items: [alert()] };
    const calls = renderPage({
      'GET /administrator/health': () => ok(health()),
      'GET /administrator/alerts': () => ok(alerts),
    });
    const ingest = await screen.findByText('积压：45 秒（阈值 30 秒）');
    expect(ingest.closest('[data-part]')?.getAttribute('data-part')).toBe('ingest');
    expect(
      screen.getByText('未配置（IOTYUN_REDIS_URL）', { selector: '.operator-health__part-reason' }),
    ).toBeTruthy();
    expect(screen.getByText('7 / 12')).toBeTruthy();
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.getByText('24 小时 +34,000')).toBeTruthy();
    expect(screen.getByText('50 MB')).toBeTruthy();
    // Six trends, each its own figure.
    await waitFor(() => {
      expect(screen.getAllByRole('img', { name: /最近 24 小时趋势/ })).toHaveLength(6);
    });
    const charts = screen.getAllByRole('img', { name: /最近 24 小时趋势/ });
    expect(charts[0]?.getAttribute('data-points')).toBe(
      JSON.stringify([
        [NOW - 600_000, 6],
        [NOW - 300_000, 7],
      ]),
    );
    const metrics = calls
      .filter((c) => c.url === '/administrator/health/trend')
      .map((c) => (c.params as { metric: string }).metric);
    expect(new Set(metrics)).toEqual(
      new Set(['gateways_online', 'messages_in', 'ingest_values', 'ingest_lag', 'history_rows', 'db_rtt_ms']),
    );
    // Most online first.
    const table = screen.getByText('各租户在线网关').closest<HTMLElement>('.ant-card')!;
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(names[0]).toContain('北方能源');
    expect(names[1]).toContain('华东水务');
    // The operator's token, never a tenant's.
    expect(calls[0]?.headers['X-Token']).toBe('op-token');
  });

  it('acknowledges an alert', async () => {
    let acked = false;
    const calls = renderPage({
      'GET /administrator/health': () => ok(health()),
      'GET /administrator/alerts': () =>
        ok({
          open: 1,
          unacked: acked ? 0 : 1,
          items: [acked ? alert({ acked_at: NOW, acked_by_name: 'ops' }) : alert()],
        }),
      'POST /administrator/alerts/5/ack': () => {
        acked = true;
        return ok(alert({ acked_at: NOW, acked_by_name: 'ops' }));
      },
    });
    expect(await screen.findByText('数据接入积压')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确认：数据接入积压' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'post' && c.url === '/administrator/alerts/5/ack')).toBe(true);
    });
    expect(await screen.findByText('1 条未恢复 · 0 条未确认')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认：数据接入积压' })).toBeNull();
  });

  it("shows each alert's deliveries to the operators, a tag per channel with its state", async () => {
    const delivery = (over: Partial<AlertDelivery>): AlertDelivery => ({
      event: 'opened',
      channel: 'email',
      address: 'o***@example.com',
      state: 'sent',
      tries: 1,
      error: '',
      sent_at: NOW - 590_000,
      ...over,
    });
    renderPage({
      'GET /administrator/health': () => ok(health()),
      'GET /administrator/alerts': () =>
        ok({
          open: 0,
          unacked: 0,
          items: [
            alert({
              closed_at: NOW,
              open: false,
              deliveries: [
                delivery({}),
                delivery({
                  channel: 'sms',
                  address: '138****0001',
                  state: 'failed',
                  tries: 5,
                  error: 'timeout',
                }),
                delivery({ event: 'closed', channel: 'webhook', address: 'https://ops.example.com/hook' }),
                delivery({
                  event: 'closed',
                  channel: 'sms',
                  address: '138****0001',
                  state: 'pending',
                  tries: 0,
                  sent_at: null,
                }),
              ],
            }),
          ],
        }),
    });
    const opened = (await screen.findByText('告警通知')).closest<HTMLElement>('[data-event]')!;
    expect(opened.getAttribute('data-event')).toBe('opened');
    expect(within(opened).getByText('邮件：已发送')).toBeTruthy();
    const failed = within(opened).getByText('短信：发送失败');
    const closed = screen.getByText('恢复通知').closest<HTMLElement>('[data-event]')!;
    expect(within(closed).getByText('Webhook：已发送')).toBeTruthy();
    expect(within(closed).getByText('短信：待发送')).toBeTruthy();
    // The address (masked by the server), the tries and why, on hover.
    await userEvent.hover(failed);
    expect(await screen.findByText('138****0001 · 已尝试 5 次')).toBeTruthy();
    expect(screen.getByText('原因：timeout')).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    renderPage({
      'GET /administrator/health': () =>
        ok(health({ gateways: { online: 0, total: 0, tenants: [] }, alerts_open: 0, alerts_unacked: 0 })),
      'GET /administrator/alerts': () => ok({ open: 0, unacked: 0, items: [] }),
      'GET /administrator/health/trend': () =>
        ok({ metric: 'processes', hours: 24, bucket_s: 300, points: [] }),
    });
    expect(await screen.findByText('最近 7 天没有告警')).toBeTruthy();
    expect(screen.getByText('还没有租户注册网关')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getAllByText('暂无采样（每分钟一次）')).toHaveLength(6);
    });
  });

  it('offers a retry when the figures cannot be read', async () => {
    let failing = true;
    renderPage({
      'GET /administrator/health': () => (failing ? fail('100026', '数据库繁忙') : ok(health())),
      'GET /administrator/alerts': () => ok({ open: 0, unacked: 0, items: [] }),
    });
    expect(await screen.findByText('数据库繁忙')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试|Retry/ }));
    expect(await screen.findByText('7 / 12')).toBeTruthy();
  });

  it('fits a phone', async () => {
    setScreenWidth(390);
    renderPage({
      'GET /administrator/health': () => ok(health()),
      'GET /administrator/alerts': () => ok({ open: 1, unacked: 1, items: [alert()] }),
    });
    expect(await screen.findByText('7 / 12')).toBeTruthy();
    // Tables become cards on a phone; the tenants still read most online first.
    const table = screen.getByText('各租户在线网关').closest<HTMLElement>('.ant-card')!;
    expect(within(table).queryByRole('table')).toBeNull();
    expect(within(table).getByText('北方能源')).toBeTruthy();
  });
});
