// The mobile dashboards' list (/mobile-db): the dashboards flagged for phones, each a touch target with its screen
// drawn small in its theme, opening its phone layout.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { card, dashboardOf } from '@/dashboards/test-fixtures';
import type { DashboardSummary } from '@/lib/dashboards/types';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import MobileDashboardPage from './mobile-dashboard';

const summary = (id: number, name: string, over: Partial<DashboardSummary>): DashboardSummary => ({
  id,
  name,
  group_id: null,
  width: 1920,
  height: 1080,
  theme: 'tech',
  chart_theme: 'blueTech',
  mobile: true,
  free_move: false,
  visibility: 'all',
  position: id,
  card_count: 0,
  outline: [],
  owner_name: 'admin',
  updated_at: 0,
  version: 1,
  can_edit: false,
  can_fullscreen: true,
  ...over,
});

const WALL = summary(1, '厂区总览', {
  theme: 'tech',
  card_count: 2,
  outline: [
    { type: 'text', x: 0, y: 0, w: 24, h: 4 },
    { type: 'map', x: 0, y: 4, w: 12, h: 16 },
  ],
});
const PORTRAIT = summary(2, '移动看板', {
  theme: 'glacierWhite',
  width: 1080,
  height: 1920,
  card_count: 1,
  outline: [{ type: 'report', x: 0, y: 0, w: 24, h: 12 }],
});

beforeEach(() => {
  signInAs(['P10000', 'P20000']);
});

describe('MobileDashboardPage', () => {
  it('lists the phone dashboards, each with its screen drawn small in its theme, and opens one', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /yun/dashboard': () => ok([WALL, PORTRAIT]),
      'GET /yun/dashboard/detail': () =>
        ok(dashboardOf([card('t', 'text', { text: '今日产量' })], { id: 2 })),
    });
    const { router } = renderRoutes([{ path: '/mobile-db', Component: MobileDashboardPage }], {
      initialEntries: ['/mobile-db'],
    });
    const wall = await screen.findByRole('button', { name: '打开看板“厂区总览”' });
    expect(calls.find((c) => c.url === '/yun/dashboard')?.params).toEqual({ mobile: true });
    const wallScreen = within(wall).getByRole('img', { name: '看板主题：科技' });
    expect([...wallScreen.querySelectorAll('[data-type]')].map((g) => g.getAttribute('data-type'))).toEqual([
      'text',
      'map',
    ]);
    expect(wallScreen).toHaveAttribute('viewBox', '0 0 1920 1080');

    const portrait = screen.getByRole('button', { name: '打开看板“移动看板”' });
    const portraitScreen = within(portrait).getByRole('img', { name: '看板主题：冰川白' });
    expect(portraitScreen).toHaveAttribute('viewBox', '0 0 1080 1920');
    expect(portraitScreen.querySelectorAll('[data-type="report"]')).toHaveLength(1);

    await user.click(portrait);
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    expect(await screen.findByText('今日产量')).toBeInTheDocument();
  });
});
