// GET /dev/access: what a site needs to point a gateway at this server (MQTT host and port, config path, topics).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DeviceAccessOut } from '../types-telemetry';
import { deviceKeys } from './keys';

export function getDeviceAccess(): Promise<DeviceAccessOut> {
  return get<DeviceAccessOut>('/dev/access', undefined, { silent: true });
}

export const deviceAccessQueryOptions = () =>
  queryOptions({ queryKey: deviceKeys.access(), queryFn: getDeviceAccess, staleTime: 5 * 60_000 });

export function useDeviceAccess(enabled = true) {
  return useQuery({ ...deviceAccessQueryOptions(), enabled });
}
