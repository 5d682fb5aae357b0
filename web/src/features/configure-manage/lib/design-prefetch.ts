// What the designer (designConfigure/id={id}) reads before it can draw, started by the route as the navigation
// begins (AppRoute.prefetch) rather than by the page once it has rendered: the screen's design, then its template's
// overview and data sources, and the editor's chunk, all beside the page's own chunk. Benchmark B7 measured the
// design's request leaving 60–90 ms after a click on "Open in designer", behind the route's render; the page's
// queries find the answers in flight or in the cache and ask nothing twice.
import type { Params } from 'react-router';

import { queryClient } from '@/lib/query-client';
import { keyedParam } from '@/lib/route-params';
import { allDataSourcesQueryOptions } from '../api/data-source-all';
import { middlewareQueryOptions } from '../api/get-middleware';
import { screenDesignQueryOptions } from '../api/screen-design';

const ignore = (): void => undefined;

/** Starts the designer's chunk and queries; a query answered already (the template's overview, opened from there)
 * is not asked again, even when stale: the page's own query refreshes it in the background as usual. Failures are
 * the page's to show (not found, no right, the network), with its retry. */
export function prefetchDesign(params: Params): void {
  const id = Number(keyedParam(params.idParam, 'id'));
  if (!Number.isInteger(id) || id <= 0) return;
  void import('@/designer/editor/editor');
  queryClient
    .query(screenDesignQueryOptions(id))
    .then((design) => {
      const template = middlewareQueryOptions(design.template_id);
      if (queryClient.getQueryData(template.queryKey) === undefined)
        queryClient.query(template).catch(ignore);
      const sources = allDataSourcesQueryOptions(design.template_id);
      if (queryClient.getQueryData(sources.queryKey) === undefined) queryClient.query(sources).catch(ignore);
    })
    .catch(ignore);
}
