// GET /yun/devLog: a page of device log entries (one device with device_id).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DeviceLogOut, DeviceLogParams, PageOf } from '../types';
import { deviceKeys } from './keys';

export function listDeviceLog(params: DeviceLogParams): Promise<PageOf<DeviceLogOut>> {
  return get<PageOf<DeviceLogOut>>('/yun/devLog', { ...params });
}

export const deviceLogQueryOptions = (params: DeviceLogParams) =>
  queryOptions({
    queryKey: deviceKeys.log(params),
    queryFn: () => listDeviceLog(params),
    placeholderData: keepPreviousData,
  });

export function useDeviceLog(params: DeviceLogParams, enabled = true) {
  return useQuery({ ...deviceLogQueryOptions(params), enabled });
}
