// GET /yun/devLog?page_size=8: the latest device events for the home page.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DevLogEntry, PageOf } from '../types';

export const RECENT_EVENTS = 8;

export function listRecentDevLog(pageSize = RECENT_EVENTS): Promise<PageOf<DevLogEntry>> {
  return get<PageOf<DevLogEntry>>('/yun/devLog', { page: 1, page_size: pageSize }, { silent: true });
}

export const recentDevLogQueryOptions = (pageSize = RECENT_EVENTS) =>
  queryOptions({
    queryKey: ['home-dev-log', pageSize] as const,
    queryFn: () => listRecentDevLog(pageSize),
    refetchInterval: 60_000,
  });

export function useRecentDevLog(pageSize = RECENT_EVENTS, enabled = true) {
  return useQuery({ ...recentDevLogQueryOptions(pageSize), enabled });
}
