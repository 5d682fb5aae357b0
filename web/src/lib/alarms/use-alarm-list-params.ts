// The paging and filters of an alarm list (real-time or history): changing a filter goes back to page 1.
import { useState } from 'react';

import type { AlarmHistoryParams } from './types';

/** What an alarm list filters by besides the time range (alarm_type is for the history). */
export type AlarmListParams = Omit<AlarmHistoryParams, 'start' | 'end'>;

export interface AlarmListState {
  params: AlarmListParams;
  /** A filter is set, so an empty page means "no match" rather than "no alarms". */
  filtered: boolean;
  /** Applies `patch` and goes back to page 1. */
  filter: (patch: Partial<AlarmListParams>) => void;
  setPage: (page: number, pageSize: number) => void;
}

export function useAlarmListParams(pageSize: number, onFilter?: () => void): AlarmListState {
  const [params, setParams] = useState<AlarmListParams>({ page: 1, page_size: pageSize });
  return {
    params,
    filtered:
      params.level !== undefined ||
      params.alarm_type !== undefined ||
      params.device_id !== undefined ||
      Boolean(params.keyword),
    filter: (patch) => {
      setParams((p) => ({ ...p, ...patch, page: 1 }));
      onFilter?.();
    },
    setPage: (page, page_size) => {
      setParams((p) => ({ ...p, page, page_size }));
    },
  };
}
