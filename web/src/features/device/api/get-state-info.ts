// GET /dev/stateInfo: counts over the readable devices; the list's model filter offers its by_model entries.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';

export interface DeviceStateInfo {
  total: number;
  online: number;
  offline: number;
  unregistered: number;
  virtual_devices: number;
  by_model: { model: string; count: number }[];
}

export function getDeviceStateInfo(): Promise<DeviceStateInfo> {
  return get<DeviceStateInfo>('/dev/stateInfo', undefined, { silent: true });
}

export const deviceStateInfoQueryOptions = () =>
  queryOptions({ queryKey: ['devices', 'state-info'] as const, queryFn: getDeviceStateInfo });

export function useDeviceStateInfo() {
  return useQuery(deviceStateInfoQueryOptions());
}
