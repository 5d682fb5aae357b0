// DELETE /yun/report/group?id= (contract A): its reports file back to no group. Silent: the group list shows a refusal.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { reportKeys } from './keys';

export function deleteReportGroup(id: number): Promise<null> {
  return del<null>('/yun/report/group', { id }, { silent: true });
}

export function useDeleteReportGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.groups() });
      void queryClient.invalidateQueries({ queryKey: reportKeys.lists() });
    },
  });
}
