// GET /yun/dev/dashboard: the caller's thumbnail groups with their devices (equipment-monitoring overview).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ThumbnailGroup } from '../lib/monitor-types';

export const thumbnailKeys = { all: ['thumbnail-groups'] as const };

export function listThumbnailGroups(): Promise<ThumbnailGroup[]> {
  return get<ThumbnailGroup[]>('/yun/dev/dashboard');
}

export const thumbnailGroupsQueryOptions = () =>
  queryOptions({ queryKey: thumbnailKeys.all, queryFn: listThumbnailGroups, refetchInterval: 30_000 });

export function useThumbnailGroups() {
  return useQuery(thumbnailGroupsQueryOptions());
}
