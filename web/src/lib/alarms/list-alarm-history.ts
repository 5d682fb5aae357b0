// GET /hAlarmDev: every alarm produced within start…end; filters device_id, level, alarm_type, keyword, paging.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import { alarmKeys } from './keys';
import { compactParams } from './list-realtime-alarms';
import type { AlarmHistoryParams, AlarmPage } from './types';

export function listAlarmHistory(params: AlarmHistoryParams): Promise<AlarmPage> {
  return get<AlarmPage>('/hAlarmDev', compactParams(params));
}

export const alarmHistoryQueryOptions = (params: AlarmHistoryParams) =>
  queryOptions({
    queryKey: alarmKeys.historyList(params),
    queryFn: () => listAlarmHistory(params),
    placeholderData: keepPreviousData,
  });

export function useAlarmHistory(params: AlarmHistoryParams, enabled = true) {
  return useQuery({ ...alarmHistoryQueryOptions(params), enabled });
}
