// GET /yun/dev/fictitious: a page of virtual devices (search, group, binding state, version).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PageOf, VirtualListParams, VirtualOut } from '../lib/monitor-types';

export const virtualKeys = {
  all: ['virtual-devices'] as const,
  list: (params: VirtualListParams) => [...virtualKeys.all, 'list', params] as const,
  detail: (id: number) => [...virtualKeys.all, 'detail', id] as const,
};

export function listVirtualDevices(params: VirtualListParams): Promise<PageOf<VirtualOut>> {
  return get<PageOf<VirtualOut>>('/yun/dev/fictitious', { ...params });
}

export const virtualDevicesQueryOptions = (params: VirtualListParams) =>
  queryOptions({
    queryKey: virtualKeys.list(params),
    queryFn: () => listVirtualDevices(params),
    placeholderData: keepPreviousData,
  });

export function useVirtualDevices(params: VirtualListParams) {
  return useQuery(virtualDevicesQueryOptions(params));
}
