// Traffic analysis and a device's traffic detail against canned answers (the charts replaced by a marker).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import type { FlowCardRow, OnlineDetailOut } from '../flow-types';
import FlowAnalysisPage from './flow-analysis';
import FlowDetailPage from './flow-detail';

vi.mock('@/components/charts/echart', () => ({
  EChart: ({ option, ariaLabel }: { option: { series: { data: unknown[] }[] }; ariaLabel: string }) => (
    <div role="img" aria-label={ariaLabel} data-points={JSON.stringify(option.series.map((s) => s.data))} />
  ),
}));

const card: FlowCardRow = {
  device_id: 7,
  sn: 'IOT0000007',
  name: '7号泵站',
  group_id: 1,
  group_name: '北区',
  iccid: '898600000000000007',
  package_name: '1GB 年包',
  total_mb: 1024,
  used_mb: 900,
  remaining_mb: 124,
  warning_mb: 200,
  warning: true,
  status: 'normal',
  expiry_date: '2027-01-01',
};

const flowPage = ok({
  items: [
    card,
    {
      ...card,
      device_id: 8,
      sn: 'IOT0000008',
      name: '',
      warning: false,
      used_mb: 10,
      remaining_mb: 1014,
      status: 'shutdown',
    },
  ],
  total: 2,
  page: 1,
  page_size: 20,
  summary: { cards: 2, warning: 1, shutdown: 1, used_mb: 910, total_mb: 2048 },
});

const onlineDetail: OnlineDetailOut = {
  device: { device_id: 7, sn: 'IOT0000007', name: '7号泵站', dev_state: 1 },
  categories: ['2026-11-26T00:00:00', '2026-11-27T00:00:00'],
  online_ms: [43_200_000, 3_600_000],
  periods: [{ start: Date.UTC(2026, 10, 27, 0, 0), end: Date.UTC(2026, 10, 27, 1, 0) }],
};

function renderAt(path: string, handlers: Record<string, Handler>) {
  const calls = mockApi({
    'GET /yun/dev/group': () => ok([{ id: 1, name: '北区', is_default: false }]),
    ...handlers,
  });
  renderRoutes(
    [
      { path: '/analysis/flowAnalysis', Component: FlowAnalysisPage },
      { path: '/analysis/flowAnalysis/detail/:id', Component: FlowDetailPage },
    ],
    { initialEntries: [path] },
  );
  return calls;
}

beforeEach(() => {
  signInAs(['P60000', 'P62000', 'P62200']);
});

describe('FlowAnalysisPage', () => {
  it('shows the totals and the cards, each linked to its detail, and filters by status', async () => {
    const user = userEvent.setup();
    const calls = renderAt('/analysis/flowAnalysis', { 'GET /yun/flow/analysis': () => flowPage });
    const link = await screen.findByRole('link', { name: '7号泵站' });
    expect(link).toHaveAttribute('href', '/analysis/flowAnalysis/detail/7');
    // A device without a name shows its SN.
    expect(screen.getByRole('link', { name: 'IOT0000008' })).toBeInTheDocument();
    expect(screen.getByText('达到预警值')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '7号泵站 的流量用量' })).toHaveAttribute(
      'aria-valuenow',
      '87.9',
    );
    expect(screen.getByText('停机')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: '卡状态' }));
    await user.click(await screen.findByTitle('异常'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/yun/flow/analysis').at(-1)!.params).toEqual({
        page: 1,
        page_size: 20,
        status: 'abnormal',
      }),
    );
  });

  it('shows the online time by group and by device over the last 7 days', async () => {
    const calls = renderAt('/analysis/flowAnalysis?tab=online', {
      'GET /yun/online/analysis': () =>
        ok({
          items: [
            {
              device_id: 7,
              sn: 'IOT0000007',
              name: '7号泵站',
              group_id: 1,
              group_name: '北区',
              online_ms: 36_000_000,
              offline_ms: 0,
              ratio: 0.5,
              sessions: 3,
              dev_state: 2,
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
          groups: [{ group_id: 1, group_name: '北区', devices: 1, online_ms: 36_000_000, ratio: 0.5 }],
        }),
    });
    const chart = await screen.findByRole('img', { name: '各分组在线率' });
    expect(chart).toHaveAttribute('data-points', '[[50]]');
    expect(screen.getByText('10 小时')).toBeInTheDocument();
    expect(screen.getByText('离线')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '7号泵站' })).toHaveAttribute(
      'href',
      '/analysis/flowAnalysis/detail/7?tab=online',
    );
    const params = calls.find((c) => c.url === '/yun/online/analysis')!.params;
    expect(params).toMatchObject({
      page: 1,
      page_size: 20,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const days = (Number(params.end) - Number(params.start)) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('reads a full online time as 100%, not a bare check mark', async () => {
    const full = {
      device_id: 8,
      sn: 'IOT0000008',
      name: '8号泵站',
      group_id: null,
      group_name: null,
      online_ms: 604_800_000,
      offline_ms: 0,
      ratio: 1,
      sessions: 1,
      dev_state: 1,
    };
    renderAt('/analysis/flowAnalysis?tab=online', {
      'GET /yun/online/analysis': () => ok({ items: [full], total: 1, page: 1, page_size: 20, groups: [] }),
    });
    const bar = await screen.findByRole('progressbar', { name: /8号泵站/ });
    expect(within(bar).getByText('100%')).toBeInTheDocument();
    expect(bar.querySelector('.anticon-check-circle')).toBeNull();
  });
});

describe('FlowDetailPage', () => {
  it('draws the usage of the card and the online time of the device', async () => {
    const user = userEvent.setup();
    renderAt('/analysis/flowAnalysis/detail/7', {
      'GET /yun/online/detail': () => ok(onlineDetail),
      'GET /yun/flow/detail': () =>
        ok({
          card,
          categories: ['2026-11-26T00:00:00', '2026-11-27T00:00:00'],
          used: [400, 500],
          used_total: [400, 900],
          remaining: [624, 124],
          warning_mb: 200,
        }),
    });
    expect(await screen.findByRole('img', { name: '流量用量趋势' })).toHaveAttribute(
      'data-points',
      '[[400,500],[400,900]]',
    );
    expect(screen.getByRole('heading', { name: /7号泵站/ })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '在线时长' }));
    expect(await screen.findByRole('img', { name: '在线时长趋势' })).toHaveAttribute(
      'data-points',
      '[[12,1]]',
    );
    expect(screen.getByText('在线时段（1）')).toBeInTheDocument();
  });

  it('says when the device has no flow card', async () => {
    renderAt('/analysis/flowAnalysis/detail/7', {
      'GET /yun/online/detail': () => ok(onlineDetail),
      'GET /yun/flow/detail': () => fail('110542', '该设备未绑定流量卡'),
    });
    expect(await screen.findByText('该设备未绑定流量卡')).toBeInTheDocument();
  });

  it('shows not found for an unknown device and a bad address', async () => {
    renderAt('/analysis/flowAnalysis/detail/99', {
      'GET /yun/online/detail': () => fail('110506', '设备不存在'),
      'GET /yun/flow/detail': () => fail('110506', '设备不存在'),
    });
    const result = await screen.findByText('设备不存在');
    expect(
      within(result.closest('.ant-result')!).getByRole('button', { name: '返回流量分析' }),
    ).toBeInTheDocument();
  });
});
