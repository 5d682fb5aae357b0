// GET /dev?registered=true&page_size=200&q=: registered devices for pickers (bound device, members, thumbnails).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { DeviceOption, PageOf } from '../lib/monitor-types';

export const DEVICE_OPTIONS_PAGE = PAGE_SIZE_MAX;

export function listDeviceOptions(q = ''): Promise<PageOf<DeviceOption>> {
  return get<PageOf<DeviceOption>>(
    '/dev',
    { registered: true, page: 1, page_size: DEVICE_OPTIONS_PAGE, ...(q ? { q } : {}) },
    { silent: true },
  );
}

export const deviceOptionsQueryOptions = (q = '') =>
  queryOptions({
    queryKey: ['device-options', q] as const,
    queryFn: () => listDeviceOptions(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useDeviceOptions(q = '', enabled = true) {
  return useQuery({ ...deviceOptionsQueryOptions(q), enabled });
}
