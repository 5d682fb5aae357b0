// POST /yun/report/group {name} (contract A): a new report group (name 1–10 characters, unique per owner).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ReportGroup } from '../types';
import { reportKeys } from './keys';

export function createReportGroup(name: string): Promise<ReportGroup> {
  // Silent: the dialog shows the refusal beside the name.
  return post<ReportGroup>('/yun/report/group', { name }, { silent: true });
}

export function useCreateReportGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.groups() });
    },
  });
}
