// POST /yun/dashboard/save: the editor's save of the document with the canvas settings, against the version it
// loaded (100023 on `version` when someone saved in between; 118002–118004 on `name`). Silent: the editor shows each
// refusal where it belongs.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Schema } from '@/types/schema';
import { post } from '../http';
import { dashboardKeys } from './keys';
import type { Dashboard } from './types';

export type DashboardSave = Schema<'DashboardSaveIn'>;

/** 100023: the dashboard was saved by someone else since it was loaded. */
export const SAVE_CONFLICT = '100023';

export function saveDashboard(body: DashboardSave): Promise<Dashboard> {
  return post<Dashboard>('/yun/dashboard/save', body, { silent: true });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDashboard,
    onSuccess: async (saved) => {
      // The editor keeps its own copy; every other reader of this dashboard and the lists read it again.
      queryClient.setQueryData(dashboardKeys.detail(saved.id, 'edit'), saved);
      await queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === dashboardKeys.all[0] &&
          !(q.queryKey[1] === 'detail' && q.queryKey[2] === saved.id && q.queryKey[3] === 'edit'),
      });
    },
  });
}
