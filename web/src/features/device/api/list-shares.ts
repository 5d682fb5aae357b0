// GET /dev/share?device_id=: the owner's view of a device's shares and how many remain (of 10).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ShareList } from '../types';
import { deviceKeys } from './keys';

export function listShares(deviceId: number): Promise<ShareList> {
  return get<ShareList>('/dev/share', { device_id: deviceId });
}

export const sharesQueryOptions = (deviceId: number) =>
  queryOptions({ queryKey: deviceKeys.shares(deviceId), queryFn: () => listShares(deviceId), staleTime: 0 });

export function useShares(deviceId: number | null) {
  return useQuery({ ...sharesQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
}
