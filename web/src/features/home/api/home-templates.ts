// GET /yun/homenav/module: how many templates the caller owns or received, and how many are published.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { HomeTemplates } from '../types';

export function getHomeTemplates(): Promise<HomeTemplates> {
  return get<HomeTemplates>('/yun/homenav/module', undefined, { silent: true });
}

export const homeTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['home-templates'] as const, queryFn: getHomeTemplates, refetchInterval: 60_000 });

export function useHomeTemplates(enabled = true) {
  return useQuery({ ...homeTemplatesQueryOptions(), enabled });
}
