// POST /rAlarmDev/confirmation {ids, note}: confirms alarms (110576 unknown id, 110577 already confirmed).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '../http';
import { alarmKeys } from './keys';
import type { AlarmOut, ConfirmAlarmsInput } from './types';

/** SPEC: the confirmation note holds at most 200 characters. */
export const ALARM_NOTE_MAX = 200;

export function confirmAlarms(input: ConfirmAlarmsInput): Promise<AlarmOut[]> {
  return post<AlarmOut[]>('/rAlarmDev/confirmation', input);
}

export function useConfirmAlarms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmAlarms,
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
