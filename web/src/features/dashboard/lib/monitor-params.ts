// The central monitoring grid's filters in the URL (`?group_id=3&q=pump&online=true&alarm=true&page=2`), so a
// reload, a link and "back" from a device's screens show the same grid. 100 devices a page.
import { param, useListParams, type ParamSpec } from '@/lib/route-params';

export interface MonitorFilters {
  group_id?: number | undefined;
  q?: string | undefined;
  /** Online devices only. */
  online?: boolean | undefined;
  /** Devices with active alarms only. */
  alarm?: boolean | undefined;
}

export const MONITOR_PAGE_SIZE = 100;

const SPEC: ParamSpec<MonitorFilters> = {
  group_id: param.id,
  q: param.text,
  online: param.bool,
  alarm: param.bool,
};

/** The device whose screens are open over the grid. */
export const OPEN_PARAM = 'open';

export function useMonitorParams() {
  return useListParams<MonitorFilters>(SPEC, { pageSize: MONITOR_PAGE_SIZE });
}

export function hasFilters(filters: MonitorFilters): boolean {
  return Boolean(filters.group_id ?? filters.q ?? filters.online ?? filters.alarm);
}
