// PUT /yun/dashboard/group {id, name}: renames a dashboard group (P21200; unique in the tenant).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardKeys } from '@/lib/dashboards/keys';
import type { DashboardGroup } from '@/lib/dashboards/types';
import { put } from '@/lib/http';

export function updateDashboardGroup(input: { id: number; name: string }): Promise<DashboardGroup> {
  return put<DashboardGroup>('/yun/dashboard/group', input, { silent: true });
}

export function useUpdateDashboardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDashboardGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.groups() });
    },
  });
}
