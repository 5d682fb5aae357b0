// The part of the presentation's prefetch (view-prefetch.ts) that knows the widgets: the console's reads of a
// document's cards.
import type { QueryClient } from '@tanstack/react-query';

import { consoleReads } from '@/dashboards/data/console-source';
import { prefetchCards } from '@/dashboards/data/prefetch';
import { normalizeDocument } from '@/dashboards/model';
import type { DashboardOut } from '@/dashboards/widgets/types';

export function prefetchDocument(
  client: QueryClient,
  dashboard: Pick<DashboardOut, 'id' | 'document'>,
): void {
  prefetchCards(normalizeDocument(dashboard.document).cards, consoleReads(client), dashboard.id);
}
