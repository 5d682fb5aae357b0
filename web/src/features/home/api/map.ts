// GET /dev/map: the small read-only map of the home page (tiles, theme, located devices).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { HomeMap } from '../types';

export function getHomeMap(): Promise<HomeMap> {
  return get<HomeMap>('/dev/map', undefined, { silent: true });
}

export const homeMapQueryOptions = () =>
  queryOptions({ queryKey: ['home-map'] as const, queryFn: getHomeMap, refetchInterval: 60_000 });

export function useHomeMap() {
  return useQuery(homeMapQueryOptions());
}
