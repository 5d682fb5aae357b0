// Query keys of the reports: a change to a report invalidates the lists, its detail, its data and the group counts.
import type { ReportListParams, TableDataParams, ViewRange } from '../types';

export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (params: ReportListParams) => [...reportKeys.lists(), params] as const,
  details: () => [...reportKeys.all, 'detail'] as const,
  detail: (id: number) => [...reportKeys.details(), id] as const,
  statistics: () => [...reportKeys.all, 'statistic'] as const,
  statistic: (id: number, range: ViewRange) => [...reportKeys.statistics(), id, range] as const,
  tables: () => [...reportKeys.all, 'table'] as const,
  table: (params: TableDataParams) => [...reportKeys.tables(), params] as const,
  groups: () => [...reportKeys.all, 'groups'] as const,
};

/** What a change to a report may touch: the lists, the details, its data and the groups' counts. */
export const reportChangeKeys = [
  reportKeys.lists(),
  reportKeys.details(),
  reportKeys.statistics(),
  reportKeys.tables(),
  reportKeys.groups(),
];
