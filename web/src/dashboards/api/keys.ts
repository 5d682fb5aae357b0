// Query keys of the dashboards: the lists (by filter) and each dashboard by purpose (view, edit, fullscreen answer
// the same dashboard but are refused separately: 118005, 118006).
export type DashboardPurpose = 'view' | 'edit' | 'fullscreen';

export interface DashboardListParams {
  group_id?: number | undefined;
  keyword?: string | undefined;
  mobile?: boolean | undefined;
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  lists: () => [...dashboardKeys.all, 'list'] as const,
  list: (params: DashboardListParams) => [...dashboardKeys.lists(), params] as const,
  details: () => [...dashboardKeys.all, 'detail'] as const,
  detail: (id: number, purpose: DashboardPurpose) => [...dashboardKeys.details(), id, purpose] as const,
};
