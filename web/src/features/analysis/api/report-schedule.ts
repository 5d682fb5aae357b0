// A report's schedule (P61100): GET /yun/report/schedule (null when none), PUT (create or replace), DELETE.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, put } from '@/lib/http';
import type { ScheduleIn, ScheduleOut } from '../flow-types';
import { scheduleKeys } from './flow-keys';

export function getSchedule(reportId: number): Promise<ScheduleOut | null> {
  return get<ScheduleOut | null>('/yun/report/schedule', { report_id: reportId });
}

export function useSchedule(reportId: number, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.one(reportId),
    queryFn: () => getSchedule(reportId),
    enabled,
  });
}

/** Silent: the dialog puts a refusal next to its field. */
export function saveSchedule(body: ScheduleIn): Promise<ScheduleOut> {
  return put<ScheduleOut>('/yun/report/schedule', body, { silent: true });
}

export function deleteSchedule(reportId: number): Promise<null> {
  return del<null>('/yun/report/schedule', { report_id: reportId });
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (schedule) => {
      client.setQueryData(scheduleKeys.one(schedule.report_id), schedule);
    },
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: (_data, reportId) => {
      client.setQueryData(scheduleKeys.one(reportId), null);
    },
  });
}
