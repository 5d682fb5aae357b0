// GET /yun/dashboard: the dashboards the caller sees, in list order (P20000 or P100000); the dashboards page lists
// them by group, the sector dialog offers them.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import { dashboardKeys } from './keys';
import type { DashboardListParams, DashboardSummary } from './types';

export function listDashboards(params: DashboardListParams = {}): Promise<DashboardSummary[]> {
  return get<DashboardSummary[]>('/yun/dashboard', { ...params }, { silent: true });
}

export const dashboardsQueryOptions = (params: DashboardListParams = {}) =>
  queryOptions({
    queryKey: dashboardKeys.list(params),
    queryFn: () => listDashboards(params),
    placeholderData: keepPreviousData,
  });

export function useDashboards(params: DashboardListParams = {}, enabled = true) {
  return useQuery({ ...dashboardsQueryOptions(params), enabled });
}
