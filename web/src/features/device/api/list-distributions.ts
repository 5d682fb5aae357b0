// GET /dev/distribution?device_id=: the users of the tenant the owner has distributed a device to.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { GrantUser } from '../types';
import { deviceKeys } from './keys';

export function listDistributions(deviceId: number): Promise<GrantUser[]> {
  return get<GrantUser[]>('/dev/distribution', { device_id: deviceId });
}

export const distributionsQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceKeys.distributions(deviceId),
    queryFn: () => listDistributions(deviceId),
    staleTime: 0,
  });

export function useDistributions(deviceId: number | null) {
  return useQuery({ ...distributionsQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
}
