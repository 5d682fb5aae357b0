// GET /yun/dashboard/detail?id=&purpose=: one dashboard the caller sees, with its document; for editing (118005
// without the right) or full screen (118006 without the role's flag) the server checks that right too. No toast:
// each screen says why it has no dashboard in its place.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import { dashboardKeys } from './keys';
import type { Dashboard, DashboardPurpose } from './types';

export function getDashboard(id: number, purpose: DashboardPurpose = 'view'): Promise<Dashboard> {
  return get<Dashboard>('/yun/dashboard/detail', { id, purpose }, { silent: true });
}

export const dashboardQueryOptions = (id: number, purpose: DashboardPurpose = 'view') =>
  queryOptions({ queryKey: dashboardKeys.detail(id, purpose), queryFn: () => getDashboard(id, purpose) });

export function useDashboard(
  id: number | null | undefined,
  purpose: DashboardPurpose = 'view',
  enabled = true,
) {
  return useQuery({
    ...dashboardQueryOptions(id ?? 0, purpose),
    enabled: enabled && id != null && id > 0,
  });
}
