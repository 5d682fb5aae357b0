// GET /dev/basic/{id}: one device with its share counts and flow card (110506 when not readable).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DeviceDetailOut } from '../types';
import { deviceKeys } from './keys';

export function getDevice(id: number): Promise<DeviceDetailOut> {
  // The page shows its own error state, so no toast.
  return get<DeviceDetailOut>(`/dev/basic/${id}`, undefined, { silent: true });
}

export const deviceQueryOptions = (id: number) =>
  queryOptions({ queryKey: deviceKeys.detail(id), queryFn: () => getDevice(id) });

export function useDevice(id: number) {
  return useQuery({ ...deviceQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
