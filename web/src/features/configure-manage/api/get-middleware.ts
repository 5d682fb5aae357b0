// GET /yun/module/middleware?id=: a template's overview (screens, data source counts, devices, publication, history).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { MiddlewareOut } from '../types';
import { templateKeys } from './keys';

export function getMiddleware(id: number): Promise<MiddlewareOut> {
  // The page shows a not-found or load-failed state itself.
  return get<MiddlewareOut>('/yun/module/middleware', { id }, { silent: true });
}

export const middlewareQueryOptions = (id: number) =>
  queryOptions({
    queryKey: templateKeys.middleware(id),
    queryFn: () => getMiddleware(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useMiddleware(id: number) {
  return useQuery(middlewareQueryOptions(id));
}
