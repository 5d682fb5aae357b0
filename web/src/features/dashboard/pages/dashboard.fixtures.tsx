// Fixtures of the dashboards page's tests (dashboard.*.test.tsx): three dashboards (an overview with its outline, a
// partially visible portrait one, one the caller may not edit) in two groups, the page rendered on its route with
// the server's answers, and the steps the tests share (a card's menu, a dialog by its title, a select's option).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { expect } from 'vitest';

import type { Audience, Dashboard, DashboardGroup, DashboardSummary } from '@/lib/dashboards/types';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import DashboardPage from './dashboard';

/** The rights of a dashboard maker (P21200) who is not a sharer. */
export const MAKER_RIGHTS = ['P10000', 'P20000', 'P21200'];

export const summary = (
  over: Partial<DashboardSummary> & { id: number; name: string },
): DashboardSummary => ({
  group_id: 1,
  width: 1920,
  height: 1080,
  theme: 'tech',
  chart_theme: 'blueTech',
  mobile: false,
  free_move: false,
  visibility: 'all',
  position: over.id,
  card_count: 12,
  outline: [],
  owner_name: '张工',
  updated_at: Date.UTC(2025, 5, 1, 8, 30),
  version: 1,
  can_edit: true,
  can_fullscreen: true,
  ...over,
});

export const OVERVIEW = summary({
  id: 11,
  name: '全厂总览',
  mobile: true,
  outline: [
    { type: 'text', x: 0, y: 0, w: 24, h: 4 },
    { type: 'report', x: 0, y: 4, w: 12, h: 16 },
    { type: 'map', x: 12, y: 4, w: 12, h: 16 },
  ],
});
export const PUMPS = summary({
  id: 12,
  name: '泵站监控',
  visibility: 'partial',
  theme: 'glacierWhite',
  width: 1080,
  height: 1920,
  card_count: 4,
});
export const SECRET = summary({ id: 13, name: '能耗分析', can_edit: false });
export const GROUPS: DashboardGroup[] = [
  { id: 1, name: '生产', position: 1, dashboard_count: 3 },
  { id: 2, name: '空组', position: 2, dashboard_count: 0 },
];

export const detail = (
  d: DashboardSummary,
  audience: Audience = { user_ids: [], role_ids: [], user_group_ids: [] },
): Dashboard => ({
  ...d,
  document: { version: 1, cards: [], layouts: { lg: [], sm: [] } } as unknown as Dashboard['document'],
  audience,
});

export const params = (c: RequestConfig) => c.params;

export function renderPage(over: Record<string, Handler> = {}, url = '/dashboard') {
  const calls = mockApi({
    'GET /yun/dashboard/group': () => ok(GROUPS),
    'GET /yun/dashboard': () => ok([OVERVIEW, PUMPS, SECRET]),
    'GET /yun/dashboard/detail': (c) => {
      const id = Number(params(c).id);
      const found = [OVERVIEW, PUMPS, SECRET].find((d) => d.id === id);
      return found
        ? ok(detail(found, { user_ids: [7], role_ids: [], user_group_ids: [] }))
        : fail('118001', '看板不存在');
    },
    // The dashboard's own look-up of its audience: no team rights needed.
    'GET /yun/dashboard/audience': (c) =>
      ok(
        { user: [{ id: 7, name: 'li (李工)' }], role: [{ id: 3, name: '运维' }], user_group: [] }[
          String(params(c).kind)
        ],
      ),
    ...over,
  });
  const { router } = renderRoutes(
    [
      { path: '/dashboard', Component: DashboardPage },
      { path: '/editDashboard', element: <p data-testid="editor-page" /> },
      { path: '/dashboard/view', element: <p data-testid="view-page" /> },
    ],
    { initialEntries: [url] },
  );
  return { calls, router };
}

export const card = async (name: string) => screen.findByRole('listitem', { name });
export const more = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(await card(name)).getByRole('button', { name: `“${name}”的更多操作` }));
export const dialogTitled = async (title: string) => {
  const found = await screen.findAllByRole('dialog');
  const d = found.find((el) => el.textContent.includes(title));
  expect(d, title).toBeDefined();
  if (!d) throw new Error(`no dialog titled ${title}`);
  return d;
};
/** Opens an antd select and picks an option by its text. */
export async function pick(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, option: string) {
  await user.click(select);
  const items = await screen.findAllByTitle(option);
  const item = items.find((el) => el.classList.contains('ant-select-item-option')) ?? items[0];
  if (!item) throw new Error(`no option ${option}`);
  await user.click(item);
}

/** Clicks a radio button by its label (antd's input itself takes no pointer). */
export const choose = (user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, name: string) => {
  const label = within(scope).getByRole('radio', { name }).closest('label');
  if (!label) throw new Error(`no label around the radio ${name}`);
  return user.click(label);
};

export const requests = (calls: RequestConfig[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

/** Opens the new dashboard dialog. */
export const openCreate = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /新建看板/ }));
  return dialogTitled('新建看板');
};
