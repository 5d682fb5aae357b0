// DELETE /yun/dashboard/group?id=: deletes an empty dashboard group (P21200); one that holds dashboards is refused
// with 202301, which the group list shows.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardKeys } from '@/lib/dashboards/keys';
import { del } from '@/lib/http';

export function deleteDashboardGroup(id: number): Promise<null> {
  return del<null>('/yun/dashboard/group', { id }, { silent: true });
}

export function useDeleteDashboardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboardGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.groups() });
    },
  });
}
