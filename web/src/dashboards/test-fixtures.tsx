// Test fixtures of the dashboards: a dashboard of given cards (each placed 8 columns wide, left to right), and a
// presentation rendered inside the app's providers with the linkage in its address. The saved report a report card
// draws is the report pages' own (test/reports.ts), passed on here.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { createQueryClient } from '@/lib/query-client';
import { renderRoutes } from '@/test/render';
import { DashboardView, useLinkage, type ViewDashboard } from './view';
import type { Card, DashboardOut } from './widgets/types';

export { report, STATISTIC } from '@/test/reports';

export function dashboardOf(cards: Card[], over: Partial<DashboardOut> = {}): DashboardOut {
  return {
    id: 1,
    name: '车间总览',
    group_id: null,
    width: 1920,
    height: 1080,
    theme: 'tech',
    chart_theme: 'blueTech',
    mobile: false,
    free_move: false,
    visibility: 'all',
    position: 1,
    card_count: cards.length,
    outline: [],
    owner_name: 'admin',
    updated_at: 0,
    version: 3,
    can_edit: true,
    can_fullscreen: true,
    audience: { user_ids: [], role_ids: [], user_group_ids: [] },
    document: {
      version: 1,
      cards,
      layouts: {
        desktop: cards.map((card, n) => ({
          i: card.id,
          x: (n % 3) * 8,
          y: Math.floor(n / 3) * 9,
          w: 8,
          h: 9,
        })),
        mobile: [],
      },
    },
    ...over,
  };
}

export function card(id: string, type: Card['type'], settings: object = {}, over: object = {}): Card {
  return { id, type, title: '', show_title: true, link: 'none', settings, ...over } as Card;
}

function Presented({ dashboard, phone }: { dashboard: ViewDashboard; phone?: boolean | undefined }) {
  const linkage = useLinkage();
  return (
    <div style={{ width: 1920, height: 1080 }}>
      <DashboardView dashboard={dashboard} linkage={linkage} {...(phone === undefined ? {} : { phone })} />
    </div>
  );
}

/** The dashboard presented at `/view` (with `search`, e.g. '?device=5'), and other routes beside it. */
export function renderDashboard(
  dashboard: ViewDashboard,
  options: { phone?: boolean; search?: string; routes?: RouteObject[] } = {},
) {
  return renderRoutes(
    [
      { path: '/view', element: <Presented dashboard={dashboard} phone={options.phone} /> },
      ...(options.routes ?? []),
    ],
    // The console's query defaults (answers fresh for 30 s): the cards' reads asked ahead as the document arrives
    // (data/prefetch.ts) are not asked again when each card is drawn, as in the console.
    { initialEntries: [`/view${options.search ?? ''}`], client: testQueryClient() },
  );
}

/** A client with the console's defaults (lib/query-client.ts), without retries. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}
