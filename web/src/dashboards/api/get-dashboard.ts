// GET /yun/dashboard/detail?id=&purpose=: one dashboard the caller sees, for viewing, editing (118005 without the
// right) or full screen (118006). Silent: the page or the card shows the refusal.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DashboardOut } from '../widgets/types';
import { dashboardKeys, type DashboardPurpose } from './keys';

/** 118001: no such dashboard the caller sees (deleted, hidden from them, another tenant's). */
export const DASHBOARD_NOT_FOUND = '118001';
export const DASHBOARD_NO_EDIT = '118005';
export const DASHBOARD_NO_FULLSCREEN = '118006';

export function getDashboard(id: number, purpose: DashboardPurpose = 'view'): Promise<DashboardOut> {
  return get<DashboardOut>(
    '/yun/dashboard/detail',
    { id, purpose },
    { silent: true, dashboardRequest: true },
  );
}

export const dashboardQueryOptions = (id: number, purpose: DashboardPurpose = 'view') =>
  queryOptions({ queryKey: dashboardKeys.detail(id, purpose), queryFn: () => getDashboard(id, purpose) });

export function useDashboard(id: number | null, purpose: DashboardPurpose = 'view', enabled = true) {
  return useQuery({ ...dashboardQueryOptions(id ?? 0, purpose), enabled: enabled && id !== null });
}
