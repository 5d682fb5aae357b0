// GET /rAlarmDev/count?tz=: unconfirmed alarms and alarms produced since local midnight (the bell, the home figure).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import { viewerTz } from '../timezone';
import { alarmKeys } from './keys';
import type { AlarmCount } from './types';

/** The bell and the home figure refresh this often besides the pushes. */
export const ALARM_COUNT_REFRESH_MS = 60_000;

export function getAlarmCount(tz: number): Promise<AlarmCount> {
  // A background figure: a failure leaves the badge as it was, without a toast.
  return get<AlarmCount>('/rAlarmDev/count', { tz }, { silent: true });
}

export const alarmCountQueryOptions = (tz: number = viewerTz()) =>
  queryOptions({
    queryKey: alarmKeys.count(tz),
    queryFn: () => getAlarmCount(tz),
    refetchInterval: ALARM_COUNT_REFRESH_MS,
    staleTime: 10_000,
  });

export function useAlarmCount(enabled = true) {
  return useQuery({ ...alarmCountQueryOptions(), enabled });
}
