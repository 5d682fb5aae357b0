// DELETE /yun/dashboard?id=: deletes a dashboard (P21200 and the right to edit it, 118005 otherwise); the sectors
// that held it drop it.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardChangeKeys } from '@/lib/dashboards/keys';
import { del } from '@/lib/http';

export function deleteDashboard(id: number): Promise<null> {
  return del<null>('/yun/dashboard', { id });
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboard,
    onSuccess: () => {
      for (const queryKey of dashboardChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
