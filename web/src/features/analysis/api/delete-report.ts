// DELETE /yun/report/basic?id=: deletes a report.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { reportChangeKeys } from './keys';

export function deleteReport(id: number): Promise<null> {
  return del<null>('/yun/report/basic', { id });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () => {
      for (const queryKey of reportChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
