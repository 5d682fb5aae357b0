// GET /yun/dashboard: the dashboards the caller sees, in list order (`mobile` true: those flagged for phones), for the
// dashboard toggle's choices and the mobile dashboard list.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { Schema } from '@/types/schema';
import { dashboardKeys, type DashboardListParams } from './keys';

export type DashboardSummary = Schema<'DashboardSummaryOut'>;

function query(params: DashboardListParams): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
}

export function listDashboards(params: DashboardListParams = {}): Promise<DashboardSummary[]> {
  return get<DashboardSummary[]>('/yun/dashboard', query(params), { silent: true, dashboardRequest: true });
}

export const dashboardsQueryOptions = (params: DashboardListParams = {}) =>
  queryOptions({ queryKey: dashboardKeys.list(params), queryFn: () => listDashboards(params) });

export function useDashboards(params: DashboardListParams = {}, enabled = true) {
  return useQuery({ ...dashboardsQueryOptions(params), enabled });
}
