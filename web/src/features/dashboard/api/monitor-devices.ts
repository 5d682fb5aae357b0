// The central monitoring grid's devices: GET /dev (registered devices only, 100 a page), filtered by group, search
// and online state, and the online / offline totals of the same group and search (two one-row pages).
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type MonitorDevice = Pick<
  Schema<'DeviceOut'>,
  'id' | 'sn_code' | 'alias' | 'dev_state' | 'report_time' | 'registered' | 'group_name'
>;

export interface MonitorDevicePage {
  items: MonitorDevice[];
  total: number;
}

export interface MonitorQuery {
  page: number;
  page_size: number;
  group_id?: number | undefined;
  q?: string | undefined;
  /** 1: online only. */
  dev_state?: 1 | 2 | undefined;
}

/** How often the list and the totals are read again (the cards follow the socket in between). */
export const MONITOR_REFRESH_MS = 30_000;

const monitorKeys = {
  all: ['devices', 'monitoring-check'] as const,
  page: (query: MonitorQuery) => [...monitorKeys.all, 'page', query] as const,
  total: (query: MonitorQuery) => [...monitorKeys.all, 'total', query] as const,
};

function listMonitorDevices(query: MonitorQuery): Promise<MonitorDevicePage> {
  const params: Record<string, unknown> = { registered: true, sort: 'sn_code', order: 'asc' };
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params[key] = value;
  // The page shows its own error state with a retry.
  return get<MonitorDevicePage>('/dev', params, { silent: true });
}

export function useMonitorDevices(query: MonitorQuery) {
  return useQuery({
    queryKey: monitorKeys.page(query),
    queryFn: () => listMonitorDevices(query),
    placeholderData: keepPreviousData,
    refetchInterval: MONITOR_REFRESH_MS,
  });
}

/** How many devices of the group and search are in `state` (1 online, 2 offline). */
export function useMonitorTotal(filter: Pick<MonitorQuery, 'group_id' | 'q'>, state: 1 | 2) {
  const query: MonitorQuery = { ...filter, page: 1, page_size: 1, dev_state: state };
  return useQuery({
    queryKey: monitorKeys.total(query),
    queryFn: () => listMonitorDevices(query).then((page) => page.total),
    refetchInterval: MONITOR_REFRESH_MS,
  });
}
