// The monitor area's calls (docs/api-monitor.md): the monitoring tables the viewer may watch, and one table with its
// rows now (the console then follows the rows' devices on the live socket).
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type WatchedTable = Schema<'WatchedTable'>;
export type MonitorTableLive = Schema<'MonitorTableLive'>;
export type MonitorRow = Schema<'MonitorRow'>;
export type ColumnSource = Schema<'ColumnSource'>;
export type MonitorTableDesign = Schema<'MonitorTableDesign-Output'>;
export type MonitorColumn = MonitorTableDesign['columns'][number];
export type Band = MonitorColumn['bands'][number];

export const monitorKeys = {
  all: ['monitor'] as const,
  tables: () => [...monitorKeys.all, 'tables'] as const,
  table: (id: number) => [...monitorKeys.all, 'table', id] as const,
};

export function useWatchedTables() {
  return useQuery({
    queryKey: monitorKeys.tables(),
    queryFn: () => get<WatchedTable[]>('/yun/monitor/tables'),
  });
}

export function useMonitorTable(id: number | null) {
  return useQuery({
    queryKey: monitorKeys.table(id ?? 0),
    queryFn: () => get<MonitorTableLive>('/yun/monitor/table', { id: id ?? 0 }),
    enabled: id !== null && id > 0,
  });
}
