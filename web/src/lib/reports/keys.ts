// Query keys of the reports, shared by the report pages and the dashboard's report widget (one cache for both).
import type { ReportListParams, StatisticView, TableDataParams } from './types';

export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (params: ReportListParams) => [...reportKeys.lists(), params] as const,
  details: () => [...reportKeys.all, 'detail'] as const,
  detail: (id: number) => [...reportKeys.details(), id] as const,
  statistics: () => [...reportKeys.all, 'statistic'] as const,
  statistic: (id: number, view: StatisticView) => [...reportKeys.statistics(), id, view] as const,
  tables: () => [...reportKeys.all, 'table'] as const,
  table: (params: TableDataParams) => [...reportKeys.tables(), params] as const,
  groups: () => [...reportKeys.all, 'groups'] as const,
};
