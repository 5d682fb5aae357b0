// PUT /yun/report/group {id, name} (contract A): renames a report group.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { ReportGroup } from '../types';
import { reportKeys } from './keys';

export function updateReportGroup(input: { id: number; name: string }): Promise<ReportGroup> {
  // Silent: the dialog shows the refusal beside the name.
  return put<ReportGroup>('/yun/report/group', input, { silent: true });
}

export function useUpdateReportGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.groups() });
    },
  });
}
