// What the designer (designConfigure/id={id}) reads before it can draw, started by the route as the navigation
// begins (AppRoute.prefetch) rather than by the page once it has rendered: the screen's design, its template's
// overview and data sources, the caller's draft, and the editor's chunk, all beside the page's own chunk. Benchmark
// B7 measured the design's request leaving 60–90 ms after a click on "Open in designer", behind the route's render;
// the page's queries find the answers in flight or in the cache and ask nothing twice.
//
// Order matters on a cold opening (issue 33, B7): the editor's chunk brings some thirty files, and a browser speaks
// to one server over six connections at a time (HTTP/1.1). The API's requests go first, so they do not queue behind
// those files; and when the template's overview read before (the page the designer is opened from) names the
// screen, its data sources are asked at once instead of after the design's answer.
import type { Params } from 'react-router';

import { queryClient } from '@/lib/query-client';
import { keyedParam } from '@/lib/route-params';
import type { MiddlewareOut } from '../types';
import { allDataSourcesQueryOptions } from '../api/data-source-all';
import { middlewareQueryOptions } from '../api/get-middleware';
import { templateKeys } from '../api/keys';
import { screenDesignQueryOptions } from '../api/screen-design';
import { screenDraftQueryOptions } from '../api/screen-draft';

const ignore = (): void => undefined;

/** The template whose overview, read earlier in this tab, lists screen `id`; 0 when none does. */
export function knownTemplateOf(id: number): number {
  const overviews = queryClient.getQueriesData<MiddlewareOut>({ queryKey: templateKeys.middlewares() });
  for (const [, overview] of overviews) {
    if (overview?.screens.some((screen) => screen.id === id)) return overview.template.id;
  }
  return 0;
}

/** Starts a template's overview and data sources unless they are cached already (even stale: the page's own
 * queries refresh them in the background as usual). */
function prefetchTemplate(templateId: number): void {
  const template = middlewareQueryOptions(templateId);
  if (queryClient.getQueryData(template.queryKey) === undefined) queryClient.query(template).catch(ignore);
  const sources = allDataSourcesQueryOptions(templateId);
  if (queryClient.getQueryData(sources.queryKey) === undefined) queryClient.query(sources).catch(ignore);
}

/** Starts the designer's queries and chunk. Failures are the page's to show (not found, no right, the network),
 * with its retry. */
export function prefetchDesign(params: Params): void {
  const id = Number(keyedParam(params.idParam, 'id'));
  if (!Number.isInteger(id) || id <= 0) return;
  const known = knownTemplateOf(id);
  const design = queryClient.query(screenDesignQueryOptions(id));
  if (known) prefetchTemplate(known);
  queryClient.query(screenDraftQueryOptions(id)).catch(ignore);
  void import('@/designer/editor/editor');
  design
    .then((answer) => {
      if (answer.template_id !== known) prefetchTemplate(answer.template_id);
    })
    .catch(ignore);
}
