// The paging and filters of an alarm list (real-time or history), kept in the page URL: changing a filter goes back
// to page 1.
import { param, useListParams, type FilterPatch, type ParamSpec } from '../route-params';
import type { AlarmHistoryParams, AlarmType } from './types';

/** What an alarm list filters by besides the time range (alarm_type is for the history; no page filters by group). */
export type AlarmListParams = Omit<AlarmHistoryParams, 'start' | 'end' | 'group_id'>;

type AlarmFilters = Omit<AlarmListParams, 'page' | 'page_size'>;

const LIST_PARAMS: ParamSpec<AlarmFilters> = {
  level: param.oneOf([1, 2, 3, 4, 5]),
  alarm_type: param.oneOf<AlarmType>([1, 2, 3]),
  device_id: param.id,
  keyword: param.text,
};

export interface AlarmListState {
  params: AlarmListParams;
  /** A filter is set, so an empty page means "no match" rather than "no alarms". */
  filtered: boolean;
  /** Applies `patch` and goes back to page 1. */
  filter: (patch: FilterPatch<AlarmFilters>) => void;
  setPage: (page: number, pageSize?: number) => void;
}

/** The list state from the URL (a tab of the page owns the whole query string while it shows). */
export function useAlarmListParams(onFilter?: () => void): AlarmListState {
  const list = useListParams(LIST_PARAMS);
  const { params } = list;
  return {
    params,
    filtered:
      params.level !== undefined ||
      params.alarm_type !== undefined ||
      params.device_id !== undefined ||
      Boolean(params.keyword),
    filter: (patch) => {
      list.filter(patch);
      onFilter?.();
    },
    setPage: (page, pageSize) => {
      list.setPage(page, pageSize);
    },
  };
}
