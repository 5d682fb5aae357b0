// The presentation: cards placed on the scaled canvas with the theme, one broken card never taking the others down,
// the phone layout, a card full screen, and the linkage kept in the address.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { mockApi } from '@/test/mock-api';
import { cellRect, desktopGrid } from '../model';
import { card, dashboardOf, renderDashboard } from '../test-fixtures';
import { useLinkage } from './use-linkage';

vi.mock('../widgets/iframe/iframe-widget', () => ({
  default: () => {
    throw new Error('the page would not load');
  },
}));

const TEXTS = [
  card('a', 'text', { text: '产量' }, { title: '今日产量' }),
  card('b', 'text', { text: '能耗' }, { show_title: false }),
];

describe('DashboardView', () => {
  it('places each card by the desktop layout on the canvas, scaled by one transform, in the theme', async () => {
    mockApi({});
    renderDashboard(dashboardOf(TEXTS));
    expect(await screen.findByText('产量')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: '车间总览' });
    expect(region).toHaveAttribute('data-theme', 'tech');
    expect(region.style.getPropertyValue('--dbv-accent')).toBe('#00e5ff');
    const canvas = region.querySelector<HTMLElement>('.dbv-canvas')!;
    expect(canvas.style.width).toBe('1920px');
    expect(canvas.style.height).toBe('1080px');
    expect(canvas.style.transform).toMatch(/^translate\(.*\) scale\(.*\)$/);
    const second = region.querySelector<HTMLElement>('[data-card-id="b"]')!;
    const rect = cellRect({ x: 8, y: 0, w: 8, h: 9 }, desktopGrid(1920, 1080));
    expect(second.style.left).toBe(`${rect.left}px`);
    expect(second.style.width).toBe(`${rect.width}px`);
    expect(second.style.height).toBe(`${rect.height}px`);
    // The title bar when shown; none for the other.
    expect(
      within(region.querySelector<HTMLElement>('[data-card-id="a"]')!).getByText('今日产量'),
    ).toBeVisible();
    expect(second.querySelector('.dbv-card__title')).toBeNull();
  });

  it("shows a broken widget's failure on its own card, the others running", async () => {
    // React reports the error it caught; the test wants only the card's message.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    renderDashboard(dashboardOf([...TEXTS, card('c', 'iframe', { url: 'https://example.com' })]));
    expect(await screen.findByText('网页组件出错了')).toBeInTheDocument();
    expect(screen.getByText('the page would not load')).toBeInTheDocument();
    expect(screen.getByText('产量')).toBeInTheDocument();
    expect(screen.getByText('能耗')).toBeInTheDocument();
  });

  it('stacks the phone layout in two columns, unscaled', async () => {
    mockApi({});
    renderDashboard(dashboardOf(TEXTS), { phone: true });
    expect(await screen.findByText('产量')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: '车间总览' });
    expect(region.querySelector('.dbv-canvas')).toBeNull();
    const first = region.querySelector<HTMLElement>('.dbv-phone [data-card-id="a"]')!;
    expect(first.style.gridColumn).toBe('1 / span 2');
    expect(first.style.gridRow).toBe('1 / span 9');
    expect(region.querySelector<HTMLElement>('[data-card-id="b"]')!.style.gridRow).toBe('10 / span 9');
  });

  it('shows a card full screen over the page, and Escape brings it back', async () => {
    mockApi({});
    renderDashboard(dashboardOf(TEXTS));
    await userEvent.click(await screen.findByRole('button', { name: '全屏查看“今日产量”' }));
    const dialog = screen.getByRole('dialog', { name: '今日产量' });
    expect(within(dialog).getByText('产量')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

function Chooser() {
  const linkage = useLinkage();
  return (
    <div>
      <span>device {String(linkage.deviceId)}</span>
      <span>group {String(linkage.groupId)}</span>
      <button type="button" onClick={() => linkage.setDevice(5)}>
        pick
      </button>
      <button type="button" onClick={() => linkage.setGroup(null)}>
        clear group
      </button>
    </div>
  );
}

describe('useLinkage', () => {
  it('reads and writes the device and group in the address, so a reload keeps them', async () => {
    const { renderRoutes } = await import('@/test/render');
    const { router } = renderRoutes([{ path: '/view', element: <Chooser /> }], {
      initialEntries: ['/view?id=1&group=7&device=abc'],
    });
    expect(screen.getByText('device null')).toBeInTheDocument();
    expect(screen.getByText('group 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(screen.getByText('device 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'clear group' }));
    await act(async () => {});
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('id')).toBe('1');
    expect(search.get('device')).toBe('5');
    expect(search.has('group')).toBe(false);
  });
});
