// What a dashboard's presentation (/dashboard/view?id=) reads before it can draw, started by the route as the
// navigation begins (AppRoute.prefetch) rather than by the page once the console's frame and the page have rendered
// (B6: the dashboard's document was asked 0.4 s after the route's guard had passed). When the document arrives its
// cards' modules and first reads follow at once (dashboards/data/prefetch.ts), loaded in a chunk of their own so that
// the route table, which every page loads, stays light. The page's queries find the answers in flight or in the
// cache; failures are the page's to show.
import type { Params } from 'react-router';

import { linkedId } from '@/dashboards/view/use-linkage';
import { dashboardQueryOptions } from '@/lib/dashboards/get-dashboard';
import { queryClient } from '@/lib/query-client';

const ignore = (): void => undefined;

export function prefetchDashboardView(_params: Params, search: URLSearchParams): void {
  const id = linkedId(search.get('id'));
  if (id === null) return;
  const cards = import('./view-prefetch-cards');
  queryClient
    .query(dashboardQueryOptions(id, 'view'))
    .then(async (dashboard) => {
      (await cards).prefetchDocument(queryClient, dashboard);
    })
    .catch(ignore);
}
