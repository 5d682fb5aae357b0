// A template's monitoring tables (SPEC's "middlewares"; docs/api-templates.md "Monitoring tables"): the calls the
// template's page (its tab of tables) and the table designer (/monitor/monitorTableDesign) both make, their query
// keys, and what each change invalidates (the template's overview counts its tables; the monitor area lists them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type MonitorTableSummary = Schema<'MonitorTableSummary'>;
export type MonitorTableOut = Schema<'MonitorTableOut'>;
export type MonitorTableIn = Schema<'MonitorTableIn'>;
export type MonitorTableUpdateIn = Schema<'MonitorTableUpdateIn'>;
export type MonitorDesign = Schema<'MonitorTableDesign-Output'>;
export type MonitorDesignColumn = MonitorDesign['columns'][number];

const TABLE = '/yun/module/middleware/table';

/** A new column of a data source as the server makes one: its own title, no group, 120 px, the data source's
 * decimals and unit, right-aligned, not frozen, no thousands, no colour band. */
export function defaultColumn(sourceId: number): MonitorDesignColumn {
  return {
    source_id: sourceId,
    title: '',
    group: '',
    width: 120,
    decimals: null,
    unit: null,
    thousands: false,
    align: 'right',
    frozen: false,
    bands: [],
  };
}

export const monitorTableKeys = {
  all: ['monitor-tables'] as const,
  list: (templateId: number) => [...monitorTableKeys.all, 'list', templateId] as const,
  one: (id: number) => [...monitorTableKeys.all, 'one', id] as const,
};

/** Every key a change of a template's tables may touch: its lists, the template overviews, the monitor area. */
const CHANGED = [monitorTableKeys.all, ['templates', 'middleware'], ['monitor']] as const;

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all(CHANGED.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
}

export function useMonitorTables(templateId: number) {
  return useQuery({
    queryKey: monitorTableKeys.list(templateId),
    queryFn: () => get<MonitorTableSummary[]>('/yun/module/middleware/tables', { template_id: templateId }),
  });
}

export function useMonitorTableOut(id: number) {
  return useQuery({
    queryKey: monitorTableKeys.one(id),
    queryFn: () => get<MonitorTableOut>(TABLE, { id }),
    enabled: id > 0,
  });
}

export function useCreateMonitorTable() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MonitorTableIn) => post<MonitorTableOut>(TABLE, body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateMonitorTable() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MonitorTableUpdateIn) => put<MonitorTableOut>(TABLE, body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useCopyMonitorTable() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) =>
      post<MonitorTableOut>(`${TABLE}/copy`, body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteMonitorTable() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => del<null>(TABLE, { id }),
    onSuccess: invalidate,
  });
}

export function useOrderMonitorTables() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { template_id: number; ids: number[] }) =>
      put<MonitorTableSummary[]>(`${TABLE}/order`, body),
    onSuccess: invalidate,
  });
}
