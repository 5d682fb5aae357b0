import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Dashboard, Sector } from '@/lib/dashboards/types';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import SectorDetailPage from './detail';

// The presentation is its own module (web/src/dashboards/view): here it only says which dashboard it draws.
vi.mock('../components/sector-view', () => ({
  SectorView: ({ dashboard }: { dashboard: Dashboard }) => <p>{`drawn: ${dashboard.name}`}</p>,
}));

const SECTOR: Sector = {
  id: 5,
  name: '生产',
  description: '生产车间',
  image: '',
  interval: 10,
  position: 1,
  dashboards: [
    { id: 21, name: '车间总览', width: 1920, height: 1080, theme: 'tech', available: true },
    { id: 22, name: '', width: 0, height: 0, theme: '', available: false },
    { id: 23, name: '能耗', width: 1920, height: 1080, theme: 'tech', available: true },
  ],
};

const dashboard = (id: number, name: string): Dashboard =>
  ({
    id,
    name,
    width: 1920,
    height: 1080,
    theme: 'tech',
    chart_theme: 'blueTech',
    document: { version: 1, cards: [] },
    audience: { user_ids: [], role_ids: [], user_group_ids: [] },
    can_edit: false,
    can_fullscreen: false,
  }) as unknown as Dashboard;

const params = (c: RequestConfig) => c.params;

function renderPage(sector: Sector = SECTOR, over: Record<string, Handler> = {}, url = '/detail?id=5') {
  const calls = mockApi({
    'GET /yun/sector/detail': (c) => (params(c).id === sector.id ? ok(sector) : fail('100005', '不存在')),
    'GET /yun/dashboard/detail': (c) => {
      const id = Number(params(c).id);
      if (params(c).purpose === 'fullscreen') return fail('118006', '没有全屏查看看板的权限', 'id');
      const found = sector.dashboards.find((d) => d.id === id && d.available);
      return found ? ok(dashboard(id, found.name)) : fail('118001', '看板不存在');
    },
    ...over,
  });
  renderRoutes(
    [
      { path: '/detail', Component: SectorDetailPage },
      { path: '/business', element: <p>portal</p> },
    ],
    { initialEntries: [url] },
  );
  return calls;
}

const stage = () => screen.getByRole('region', { name: /看板展示|生产/ });

beforeEach(() => {
  signInAs(['P10000']);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SectorDetailPage', () => {
  it('shows the first dashboard, skips the one the user may not see and says so', async () => {
    const calls = renderPage();
    expect(await screen.findByText('drawn: 车间总览')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '生产' })).toBeInTheDocument();
    expect(screen.getByText('1 个看板对你不可用，已跳过')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['车间总览', '能耗']);
    expect(stage()).toHaveAccessibleName('看板展示：车间总览');
    expect(calls.filter((c) => c.url === '/yun/dashboard/detail').map((c) => params(c).id)).not.toContain(22);
  });

  it('rotates every interval, pauses while the pointer is over the stage or with the button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderPage();
    expect(await screen.findByText('drawn: 车间总览')).toBeInTheDocument();
    expect(screen.getByText('每 10 秒轮播')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('drawn: 能耗')).toBeInTheDocument();
    // The unavailable dashboard is never shown: after 能耗 comes 车间总览 again.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('drawn: 车间总览')).toBeInTheDocument();

    await user.hover(stage());
    expect(screen.getByText('已暂停')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(screen.getByText('drawn: 车间总览')).toBeInTheDocument();
    await user.unhover(stage());

    await user.click(screen.getByRole('button', { name: '暂停轮播' }));
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(screen.getByText('drawn: 车间总览')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '继续轮播' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('drawn: 能耗')).toBeInTheDocument();
  });

  it('shows a dashboard chosen in the tabs, and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    renderPage({ ...SECTOR, interval: 0 });
    await screen.findByText('drawn: 车间总览');
    expect(screen.queryByRole('button', { name: '暂停轮播' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: '能耗' }));
    expect(await screen.findByText('drawn: 能耗')).toBeInTheDocument();
    stage().focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('drawn: 车间总览')).toBeInTheDocument();
  });

  it('asks the server for the fullscreen right and says when the role has none', async () => {
    const user = userEvent.setup();
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      configurable: true,
      value: () => Promise.resolve(),
    });
    try {
      const calls = renderPage();
      await screen.findByText('drawn: 车间总览');
      await user.click(screen.getByRole('button', { name: '全屏' }));
      expect(await screen.findByText('无全屏查看权限')).toBeInTheDocument();
      const asked = calls.filter(
        (c) => c.url === '/yun/dashboard/detail' && params(c).purpose === 'fullscreen',
      );
      expect(asked.map((c) => params(c).id)).toEqual([21]);
    } finally {
      Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
    }
  });

  it('says when a shown dashboard fails to load and keeps the others', async () => {
    const user = userEvent.setup();
    renderPage(
      { ...SECTOR, interval: 0 },
      {
        'GET /yun/dashboard/detail': (c) =>
          Number(params(c).id) === 21 ? fail('118001', '看板不存在') : ok(dashboard(23, '能耗')),
      },
    );
    expect(await screen.findByText('看板“车间总览”加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '能耗' }));
    expect(await screen.findByText('drawn: 能耗')).toBeInTheDocument();
  });

  it('says when the sector has nothing to show', async () => {
    renderPage({ ...SECTOR, dashboards: [SECTOR.dashboards[1]!] });
    expect(await screen.findByText('这个板块还没有可展示的看板')).toBeInTheDocument();
    expect(screen.getByText('1 个看板对你不可用，已跳过')).toBeInTheDocument();
  });

  it('offers no share without the share-link right', async () => {
    renderPage();
    await screen.findByText('drawn: 车间总览');
    expect(screen.queryByRole('button', { name: '分享这个板块' })).toBeNull();
  });

  it('opens the sector link dialog on this sector from the bar (P82000)', async () => {
    signInAs(['P10000', 'P82000']);
    const user = userEvent.setup();
    renderPage(SECTOR, {
      'GET /dev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
      'GET /yun/dev/group': () => ok([]),
    });
    await screen.findByText('drawn: 车间总览');
    await user.click(screen.getByRole('button', { name: '分享这个板块' }));
    const dialog = (await screen.findByText('分享业务板块')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByTestId('share-link-sector')).toHaveTextContent('生产');
    expect(within(dialog).getByRole('button', { name: '创建链接' })).toBeInTheDocument();
  });

  it('says when the sector does not exist', async () => {
    renderPage(SECTOR, {}, '/detail?id=99');
    expect(await screen.findByText('板块不存在')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /返回业务板块/ })).getByText(/返回业务板块/),
    ).toBeInTheDocument();
  });
});
