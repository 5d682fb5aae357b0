// POST /yun/dashboard/group {name}: a new dashboard group at the end (P21200; name 1–32, unique in the tenant).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardKeys } from '@/lib/dashboards/keys';
import type { DashboardGroup } from '@/lib/dashboards/types';
import { post } from '@/lib/http';

export function createDashboardGroup(name: string): Promise<DashboardGroup> {
  return post<DashboardGroup>('/yun/dashboard/group', { name }, { silent: true });
}

export function useCreateDashboardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDashboardGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.groups() });
    },
  });
}
