import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { cardOf, group, linkage, params, renderWidget } from '../../data/widget.fixtures';
import { formatTraffic, usedPercent } from './format';
import definition, { netMonitorWidget as named } from './index';
import NetMonitorWidget from './net-monitor-widget';

const NET: Record<
  string,
  { total: number; online: number; offline: number; unregistered: number; alarms: number }
> = {
  all: { total: 12, online: 8, offline: 3, unregistered: 1, alarms: 2 },
  '1': { total: 7, online: 6, offline: 1, unregistered: 0, alarms: 0 },
  '4': { total: 4, online: 2, offline: 2, unregistered: 0, alarms: 1 },
};

const summary = (used: number, total: number, cards: number) => ({
  items: [],
  total: cards,
  page: 1,
  page_size: 1,
  summary: { cards, used_mb: used, total_mb: total, warning: 0, shutdown: 0 },
});

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/dashboard/net': (c) => {
      const id = params(c).group_id;
      return ok(NET[typeof id === 'number' ? String(id) : 'all']);
    },
    'GET /yun/flow/analysis': (c) =>
      ok(params(c).group_id === 4 ? summary(512, 1024, 2) : summary(3584, 10240, 9)),
    'GET /yun/dev/group': () => ok([group(1, '默认分组'), group(4, '二车间')]),
    ...over,
  };
}

const figure = (label: string) => screen.getByText(label).closest<HTMLElement>('.dw-net__figure')!;

beforeEach(() => {
  signInAs(['P20000', 'P10000', 'P30000', 'P62000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('the net monitor widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.type).toBe('netMonitor');
    expect(definition.links).toEqual(['group']);
    expect(definition.defaultSize).toEqual({ w: 8, h: 4 });
  });

  it('shows traffic in the largest fitting unit', () => {
    expect(formatTraffic(820)).toEqual({ value: '820', unit: 'MB' });
    expect(formatTraffic(3584)).toEqual({ value: '3.5', unit: 'GB' });
    expect(formatTraffic(null)).toEqual({ value: '-', unit: '' });
    expect(usedPercent(512, 1024)).toBe(50);
    expect(usedPercent(1, 0)).toBeNull();
  });

  it('asks and listens to nothing while out of sight', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(NetMonitorWidget, {
      card: cardOf('netMonitor', {}),
      settings: {},
      visible: false,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(FakeSocket.all).toEqual([]);
    view.update({ visible: true });
    await waitFor(() => expect(figure('在线')).toHaveTextContent('8'));
    expect(calls.map((c) => c.url).sort()).toEqual(['/yun/dashboard/net', '/yun/flow/analysis']);
  });

  it('counts every device the viewer reads: online, offline, unconfirmed alarms, and the traffic', async () => {
    mockApi(handlers());
    renderWidget(NetMonitorWidget, { card: cardOf('netMonitor', {}), settings: {} });
    await waitFor(() => expect(figure('在线')).toHaveTextContent('8'));
    expect(figure('离线')).toHaveTextContent('3');
    await waitFor(() => expect(figure('告警')).toHaveTextContent('2'));
    const traffic = screen.getByLabelText('流量');
    expect(traffic).toHaveTextContent('已用 3.5 GB / 共 10 GB');
    expect(within(traffic).getByText('9 张流量卡')).toBeInTheDocument();
    expect(screen.getByText('全部设备')).toBeInTheDocument();
  });

  it('counts the group picked in the group tree when it follows it, its own group otherwise', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(NetMonitorWidget, {
      card: cardOf('netMonitor', { group_id: 1 }, 'group'),
      settings: { group_id: 1 },
    });
    await waitFor(() => expect(figure('在线')).toHaveTextContent('6'));
    view.update({ linkage: linkage({ groupId: 4 }) });
    await waitFor(() => expect(figure('在线')).toHaveTextContent('2'));
    expect(figure('离线')).toHaveTextContent('2');
    // The server counts the group's unconfirmed alarms.
    await waitFor(() => expect(figure('告警')).toHaveTextContent('1'));
    await waitFor(() => expect(screen.getByLabelText('流量')).toHaveTextContent('已用 512 MB / 共 1 GB'));
    expect(screen.getByText('二车间')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/yun/flow/analysis').map((c) => params(c).group_id)).toEqual([
      1, 4,
    ]);
    expect(calls.filter((c) => c.url === '/yun/dashboard/net').map((c) => params(c).group_id)).toEqual([
      1, 4,
    ]);
  });

  it('says so when its group is gone, or another tenant’s', async () => {
    mockApi(handlers());
    renderWidget(NetMonitorWidget, {
      card: cardOf('netMonitor', { group_id: 99 }),
      settings: { group_id: 99 },
    });
    expect(await screen.findByText('设备分组不存在或无权查看')).toBeInTheDocument();
  });

  it('keeps its counts when the traffic cannot be read', async () => {
    mockApi(handlers({ 'GET /yun/flow/analysis': () => fail('100015', '无权限') }));
    renderWidget(NetMonitorWidget, { card: cardOf('netMonitor', {}), settings: {} });
    await waitFor(() => expect(figure('在线')).toHaveTextContent('8'));
    await waitFor(() => expect(screen.getByLabelText('流量')).toHaveTextContent('流量-'));
  });

  it('shows a failure with a retry', async () => {
    mockApi(handlers({ 'GET /yun/dashboard/net': () => fail('100003', '服务异常') }));
    renderWidget(NetMonitorWidget, { card: cardOf('netMonitor', {}), settings: {} });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
  });
});
