// The monitor area's calls (docs/api-monitor.md): the monitoring tables the viewer may watch, one table with its rows
// now (the console then follows the rows' devices on the live socket, or reads it again every period the setting
// names), one device's row, the viewer's monitor setting and the tenant's groups of tables.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type WatchedTable = Schema<'WatchedTable'>;
export type MonitorTableLive = Schema<'MonitorTableLive'>;
export type MonitorRow = Schema<'MonitorRow'>;
export type ColumnSource = Schema<'ColumnSource'>;
export type MonitorTableDesign = Schema<'MonitorTableDesign-Output'>;
export type MonitorColumn = MonitorTableDesign['columns'][number];
export type Band = MonitorColumn['bands'][number];
export type MonitorSetting = Schema<'MonitorSettingOut'>;
export type MonitorSettingDocument = Schema<'MonitorSettingDocument'>;
export type MonitorGroup = Schema<'MonitorGroupOut'>;
export type MonitorGroupIn = Schema<'MonitorGroupIn'>;
export type MonitorGroupUpdateIn = Schema<'MonitorGroupUpdateIn'>;
export type Density = MonitorSettingDocument['density'];

export const monitorKeys = {
  all: ['monitor'] as const,
  tables: () => [...monitorKeys.all, 'tables'] as const,
  table: (id: number) => [...monitorKeys.all, 'table', id] as const,
  device: (tableId: number, deviceId: number) => [...monitorKeys.all, 'device', tableId, deviceId] as const,
  setting: () => [...monitorKeys.all, 'setting'] as const,
  groups: () => [...monitorKeys.all, 'groups'] as const,
  group: (id: number) => [...monitorKeys.all, 'group', id] as const,
};

/** What a user who saved nothing gets: every table, live, normal rows, out-of-date rows shown. */
export const DEFAULT_SETTING: MonitorSetting = {
  schema_version: 1,
  table_ids: [],
  refresh_s: 0,
  default_table_id: null,
  density: 'normal',
  show_stale: true,
  saved: false,
  updated_at: null,
};

export function useWatchedTables() {
  return useQuery({
    queryKey: monitorKeys.tables(),
    queryFn: () => get<WatchedTable[]>('/yun/monitor/tables'),
  });
}

/** `refreshS` > 0: read again every that many seconds (the setting's periodic refresh). */
export function useMonitorTable(id: number | null, refreshS = 0) {
  return useQuery({
    queryKey: monitorKeys.table(id ?? 0),
    queryFn: () => get<MonitorTableLive>('/yun/monitor/table', { id: id ?? 0 }),
    enabled: id !== null && id > 0,
    refetchInterval: refreshS > 0 ? refreshS * 1000 : false,
  });
}

export function useMonitorDevice(tableId: number, deviceId: number, refreshS = 0) {
  return useQuery({
    queryKey: monitorKeys.device(tableId, deviceId),
    queryFn: () => get<MonitorTableLive>('/yun/monitor/device', { table_id: tableId, device_id: deviceId }),
    enabled: tableId > 0 && deviceId > 0,
    refetchInterval: refreshS > 0 ? refreshS * 1000 : false,
  });
}

export function useMonitorSetting() {
  return useQuery({
    queryKey: monitorKeys.setting(),
    queryFn: () => get<MonitorSetting>('/yun/monitor/setting'),
  });
}

export function useSaveMonitorSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MonitorSettingDocument) =>
      put<MonitorSetting>('/yun/monitor/setting', body, { silent: true }),
    onSuccess: (saved) => client.setQueryData(monitorKeys.setting(), saved),
  });
}

export function useMonitorGroups() {
  return useQuery({
    queryKey: monitorKeys.groups(),
    queryFn: () => get<MonitorGroup[]>('/yun/monitor/groups'),
  });
}

export function useMonitorGroup(id: number) {
  return useQuery({
    queryKey: monitorKeys.group(id),
    queryFn: () => get<MonitorGroup>('/yun/monitor/group', { id }),
    enabled: id > 0,
  });
}

function useInvalidateGroups() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: monitorKeys.groups() }),
      client.invalidateQueries({ queryKey: [...monitorKeys.all, 'group'] }),
    ]);
}

export function useCreateMonitorGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: MonitorGroupIn) => post<MonitorGroup>('/yun/monitor/group', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateMonitorGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: MonitorGroupUpdateIn) =>
      put<MonitorGroup>('/yun/monitor/group', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteMonitorGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: number) => del<null>('/yun/monitor/group', { id }),
    onSuccess: invalidate,
  });
}
