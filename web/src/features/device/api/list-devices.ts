// GET /dev: a page of the devices the caller may read, searched, filtered and sorted by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { toQueryParams } from '../lib/params';
import type { DeviceListParams, DeviceOut, PageOf } from '../types';
import { deviceKeys } from './keys';

export function listDevices(params: DeviceListParams): Promise<PageOf<DeviceOut>> {
  return get<PageOf<DeviceOut>>('/dev', toQueryParams(params));
}

export const devicesQueryOptions = (params: DeviceListParams) =>
  queryOptions({
    queryKey: deviceKeys.list(params),
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
  });

export function useDevices(params: DeviceListParams) {
  return useQuery(devicesQueryOptions(params));
}
