// PUT /yun/dashboard/reorder {group_id, ids}: the dashboards of a group (null: the ungrouped ones) in their new order
// (P21200). The list shows the new order at once and goes back to the server's on a refusal.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardKeys } from '@/lib/dashboards/keys';
import type { DashboardListParams, DashboardSummary } from '@/lib/dashboards/types';
import { put } from '@/lib/http';

export interface DashboardReorder {
  groupId: number | null;
  ids: number[];
}

export function reorderDashboards({ groupId, ids }: DashboardReorder): Promise<DashboardSummary[]> {
  return put<DashboardSummary[]>('/yun/dashboard/reorder', { group_id: groupId, ids });
}

/** `list` is the list the order was changed in: it shows the new order until the server answers. */
export function useReorderDashboards(list: DashboardListParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderDashboards,
    onMutate: async ({ ids }) => {
      const queryKey = dashboardKeys.list(list);
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<DashboardSummary[]>(queryKey);
      if (before) {
        const byId = new Map(before.map((d) => [d.id, d]));
        const moved = ids.map((id) => byId.get(id)).filter((d): d is DashboardSummary => d !== undefined);
        queryClient.setQueryData(queryKey, [...moved, ...before.filter((d) => !ids.includes(d.id))]);
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(dashboardKeys.list(list), context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() });
    },
  });
}
