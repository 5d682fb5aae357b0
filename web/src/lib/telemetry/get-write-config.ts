// GET /yun/v2/rDev/config?device_id=: the device's write rules (rights, online, control password) for the dialog.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import type { WriteConfigOut } from './types';
import { telemetryKeys } from './keys';

export function getWriteConfig(deviceId: number): Promise<WriteConfigOut> {
  return get<WriteConfigOut>('/yun/v2/rDev/config', { device_id: deviceId });
}

export const writeConfigQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: telemetryKeys.writeConfig(deviceId),
    queryFn: () => getWriteConfig(deviceId),
    // Rights and the password rule may have changed since the last write: ask every time the dialog opens.
    staleTime: 0,
  });

/** `staleTime` 0 (the dialog's): asked again on every mount; a screen's runtime, which several components of one screen
 * mount, takes a few seconds (the server checks every write anyway). */
export function useWriteConfig(deviceId: number, enabled = true, staleTime = 0) {
  return useQuery({ ...writeConfigQueryOptions(deviceId), enabled, staleTime });
}
