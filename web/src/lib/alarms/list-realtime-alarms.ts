// GET /rAlarmDev: real-time (unconfirmed) alarms, newest first; filters device_id, group_id, level, keyword, paging.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import { alarmKeys } from './keys';
import type { AlarmPage, RealtimeAlarmParams } from './types';

/** Drops the filters that are not set, so the query string carries only what the user chose. */
export function compactParams(params: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

export function listRealtimeAlarms(params: RealtimeAlarmParams): Promise<AlarmPage> {
  return get<AlarmPage>('/rAlarmDev', compactParams(params));
}

export const realtimeAlarmsQueryOptions = (params: RealtimeAlarmParams) =>
  queryOptions({
    queryKey: alarmKeys.realtimeList(params),
    queryFn: () => listRealtimeAlarms(params),
    placeholderData: keepPreviousData,
  });

export function useRealtimeAlarms(params: RealtimeAlarmParams, enabled = true) {
  return useQuery({ ...realtimeAlarmsQueryOptions(params), enabled });
}
