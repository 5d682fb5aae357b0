// GET /dev/controls?device_id=: whether the device has its own control password and the tenant a default.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ControlPasswordOut } from '../types-telemetry';
import { deviceKeys } from './keys';

export function getControlPassword(deviceId: number): Promise<ControlPasswordOut> {
  return get<ControlPasswordOut>('/dev/controls', { device_id: deviceId }, { silent: true });
}

export const controlPasswordQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceKeys.controls(deviceId),
    queryFn: () => getControlPassword(deviceId),
  });

export function useControlPassword(deviceId: number, enabled = true) {
  return useQuery({ ...controlPasswordQueryOptions(deviceId), enabled });
}
