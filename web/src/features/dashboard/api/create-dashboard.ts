// POST /yun/dashboard: a new, empty dashboard at the end of its group (P21200): name (118002–118004 on `name`),
// resolution, themes, flags and who sees it (partial without anyone: 118007 on `audience`).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardChangeKeys } from '@/lib/dashboards/keys';
import type { Dashboard } from '@/lib/dashboards/types';
import { post } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type DashboardCreate = Schema<'DashboardIn'>;

export function createDashboard(input: DashboardCreate): Promise<Dashboard> {
  return post<Dashboard>('/yun/dashboard', input, { silent: true });
}

export function useCreateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDashboard,
    onSuccess: () => {
      for (const queryKey of dashboardChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
