// GET /yun/dev/fictitious/{id}: one virtual device (the child-device details page).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { VirtualOut } from '../lib/monitor-types';
import { virtualKeys } from './list-virtual-devices';

export function getVirtualDevice(id: number): Promise<VirtualOut> {
  return get<VirtualOut>(`/yun/dev/fictitious/${id}`, undefined, { silent: true });
}

export const virtualDeviceQueryOptions = (id: number) =>
  queryOptions({ queryKey: virtualKeys.detail(id), queryFn: () => getVirtualDevice(id) });

export function useVirtualDevice(id: number) {
  return useQuery({ ...virtualDeviceQueryOptions(id), enabled: Number.isFinite(id) && id > 0 });
}
