// POST /yun/report/basic/copy {id}: a copy owned by the caller, titled `<title>-copy` (then -copy2, …).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { Report } from '../types';
import { reportChangeKeys } from './keys';

export function copyReport(id: number): Promise<Report> {
  return post<Report>('/yun/report/basic/copy', { id });
}

export function useCopyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyReport,
    onSuccess: () => {
      for (const queryKey of reportChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
