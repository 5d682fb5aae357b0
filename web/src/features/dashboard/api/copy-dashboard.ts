// POST /yun/dashboard/copy {id}: a copy of a dashboard the caller sees, after it in its group, named "<name> 副本"
// (then 副本2, …) and owned by the caller (P21200).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardChangeKeys } from '@/lib/dashboards/keys';
import type { Dashboard } from '@/lib/dashboards/types';
import { post } from '@/lib/http';

export function copyDashboard(id: number): Promise<Dashboard> {
  return post<Dashboard>('/yun/dashboard/copy', { id });
}

export function useCopyDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyDashboard,
    onSuccess: () => {
      for (const queryKey of dashboardChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
