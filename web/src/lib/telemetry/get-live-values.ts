// GET /rDev?device_id=: the device's published data sources with their latest values (seed of the live table).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import type { LiveDeviceOut } from './types';
import { telemetryKeys } from './keys';

export function getLiveValues(deviceId: number): Promise<LiveDeviceOut> {
  // The tab shows its own error state.
  return get<LiveDeviceOut>('/rDev', { device_id: deviceId }, { silent: true });
}

export const liveValuesQueryOptions = (deviceId: number) =>
  queryOptions({ queryKey: telemetryKeys.live(deviceId), queryFn: () => getLiveValues(deviceId) });

export function useLiveValues(deviceId: number, enabled = true) {
  return useQuery({ ...liveValuesQueryOptions(deviceId), enabled });
}
