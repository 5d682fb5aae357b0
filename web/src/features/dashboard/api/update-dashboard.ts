// PUT /yun/dashboard: a dashboard's settings, the fields sent (P21200, or P101200 for a sector's dashboard; 118005
// otherwise): name, group (`ungrouped` true moves it out of any), resolution, themes, flags, who sees it. The settings
// dialog and "move to group" send it.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardChangeKeys } from '@/lib/dashboards/keys';
import type { Dashboard } from '@/lib/dashboards/types';
import { put } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type DashboardUpdate = Schema<'DashboardUpdateIn'>;

export function updateDashboard(input: DashboardUpdate): Promise<Dashboard> {
  return put<Dashboard>('/yun/dashboard', input, { silent: true });
}

export function useUpdateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDashboard,
    onSuccess: () => {
      for (const queryKey of dashboardChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
