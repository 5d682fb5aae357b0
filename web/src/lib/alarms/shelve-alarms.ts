// POST /rAlarmDev/shelve {ids, minutes, reason} silences alarms for a while (they leave the real-time list and the
// bell's count, notify nobody, and come back by themselves when the time ends); DELETE /rAlarmDev/shelve {ids} ends
// it now. 110576 unknown id, 110577 already confirmed (a confirmed alarm needs no shelving).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';

import { ALARM_SHELVE_MAX_MINUTES, ALARM_SHELVE_MIN_MINUTES } from '@/types/limits.gen';
import { delWithBody, post } from '../http';
import { alarmKeys } from './keys';
import type { AlarmOut, ShelveAlarmsInput, UnshelveAlarmsInput } from './types';

export { ALARM_SHELVE_MAX_MINUTES, ALARM_SHELVE_MIN_MINUTES };

/** The durations offered first, in minutes: 30 min, 1 h, 4 h, 8 h, 24 h (any other is typed in). */
export const SHELVE_PRESETS = [30, 60, 240, 480, 1440] as const;

/** Whether `minutes` is a duration the server takes: whole, 5 minutes to 7 days. */
export function isShelveMinutes(minutes: unknown): minutes is number {
  return (
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= ALARM_SHELVE_MIN_MINUTES &&
    minutes <= ALARM_SHELVE_MAX_MINUTES
  );
}

/** Silent: the shelving dialog shows the server's reason in its form. */
/** When a shelving ends, short: `HH:mm` today, `MM-DD HH:mm` on another day. */
export function formatShelvedUntil(until: number, now: number = Date.now()): string {
  const end = dayjs(until);
  return end.isSame(dayjs(now), 'day') ? end.format('HH:mm') : end.format('MM-DD HH:mm');
}

export function shelveAlarms(input: ShelveAlarmsInput): Promise<AlarmOut[]> {
  return post<AlarmOut[]>('/rAlarmDev/shelve', input, { silent: true });
}

export function unshelveAlarms(input: UnshelveAlarmsInput): Promise<AlarmOut[]> {
  return delWithBody<AlarmOut[]>('/rAlarmDev/shelve', input);
}

/** Shelves alarms; the lists and the bell's count are asked again either way. */
export function useShelveAlarms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shelveAlarms,
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

/** Ends the shelving of alarms; the lists and the bell's count are asked again either way. */
export function useUnshelveAlarms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unshelveAlarms,
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
