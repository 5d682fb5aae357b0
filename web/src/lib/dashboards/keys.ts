// Query keys of dashboards and business sectors: a change to a dashboard invalidates its lists, details, the group
// counts and the sectors that show its name.
import type { DashboardListParams, DashboardPurpose } from './types';

export const dashboardKeys = {
  all: ['dashboards'] as const,
  groups: () => [...dashboardKeys.all, 'groups'] as const,
  lists: () => [...dashboardKeys.all, 'list'] as const,
  list: (params: DashboardListParams) => [...dashboardKeys.lists(), params] as const,
  details: () => [...dashboardKeys.all, 'detail'] as const,
  detail: (id: number, purpose: DashboardPurpose = 'view') =>
    [...dashboardKeys.details(), id, purpose] as const,
};

export const sectorKeys = {
  all: ['sectors'] as const,
  list: () => [...sectorKeys.all, 'list'] as const,
  details: () => [...sectorKeys.all, 'detail'] as const,
  detail: (id: number) => [...sectorKeys.details(), id] as const,
};

/** What a change to a dashboard may touch: every dashboard list and detail, the groups' counts, the sectors. */
export const dashboardChangeKeys = [dashboardKeys.all, sectorKeys.all];
