// GET /dev/privileges?device_id=: what the caller may do on one device (docs/api-team.md "Device and template
// permissions"): the device items (history, export, write, alarm_confirm, edit, share, vpn) as the server decides
// them for this caller and device, and the template items of its bound template. The console's one way of asking, so
// that a screen offers nothing the server would refuse (the server checks every operation anyway).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { Schema } from '@/types/schema';
import { DEVICE_ITEMS, TEMPLATE_ITEMS } from '@/types/permissions.gen';
import { get } from '../http';
import { telemetryKeys } from './keys';

export type DevicePrivileges = Schema<'DevicePrivilegesOut'>;
export type DeviceItem = (typeof DEVICE_ITEMS)[number]['code'];
export type TemplateItem = (typeof TEMPLATE_ITEMS)[number]['code'];

export function getDevicePrivileges(deviceId: number): Promise<DevicePrivileges> {
  // Silent: a device the caller no longer reads is the page's to say; here it only offers nothing.
  return get<DevicePrivileges>('/dev/privileges', { device_id: deviceId }, { silent: true });
}

export const devicePrivilegesQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: telemetryKeys.privileges(deviceId),
    queryFn: () => getDevicePrivileges(deviceId),
    // A role edited elsewhere shows within half a minute; whatever refreshes the device refreshes this too.
    staleTime: 30_000,
  });

/** The caller's privileges on a device and `may(item)`: false until they are known, and when the read fails. */
export function useDevicePrivileges(deviceId: number, enabled = true) {
  const query = useQuery({ ...devicePrivilegesQueryOptions(deviceId), enabled });
  const data = query.data;
  const may = useCallback((item: DeviceItem) => data?.device_permissions.includes(item) ?? false, [data]);
  const mayTemplate = useCallback(
    (item: TemplateItem) => data?.template_permissions.includes(item) ?? false,
    [data],
  );
  return { query, data, may, mayTemplate };
}
