// GET /yun/dashboard/group: the tenant's dashboard groups in order, each with how many of its dashboards the caller
// sees.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { dashboardKeys } from '@/lib/dashboards/keys';
import type { DashboardGroup } from '@/lib/dashboards/types';
import { get } from '@/lib/http';

export function listDashboardGroups(): Promise<DashboardGroup[]> {
  return get<DashboardGroup[]>('/yun/dashboard/group', undefined, { silent: true });
}

export const dashboardGroupsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.groups(), queryFn: listDashboardGroups });

export function useDashboardGroups() {
  return useQuery(dashboardGroupsQueryOptions());
}
