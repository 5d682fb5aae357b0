// GET /yun/dev/group: the tenant's device groups with their device counts, the default group first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DeviceGroupOut } from '../types';
import { deviceKeys } from './keys';

export function listDeviceGroups(): Promise<DeviceGroupOut[]> {
  return get<DeviceGroupOut[]>('/yun/dev/group');
}

export const deviceGroupsQueryOptions = () =>
  queryOptions({ queryKey: deviceKeys.groups(), queryFn: listDeviceGroups });

export function useDeviceGroups() {
  return useQuery(deviceGroupsQueryOptions());
}
