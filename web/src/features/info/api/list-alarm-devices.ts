// GET /dev?registered=true&page_size=200&q=: registered devices for the fault page's device filter.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../../../lib/http';
import type { AlarmDeviceOption, PageOf } from '../types';
import { infoKeys } from './keys';

export const ALARM_DEVICES_PAGE = 200;

export function listAlarmDevices(q = ''): Promise<PageOf<AlarmDeviceOption>> {
  return get<PageOf<AlarmDeviceOption>>(
    '/dev',
    { registered: true, page: 1, page_size: ALARM_DEVICES_PAGE, ...(q ? { q } : {}) },
    { silent: true },
  );
}

export const alarmDevicesQueryOptions = (q = '') =>
  queryOptions({
    queryKey: infoKeys.alarmDevices(q),
    queryFn: () => listAlarmDevices(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useAlarmDevices(q = '', enabled = true) {
  return useQuery({ ...alarmDevicesQueryOptions(q), enabled });
}
