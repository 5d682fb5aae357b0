// PUT /yun/report/basic: replaces a report's whole definition.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { Report, ReportUpdate } from '../types';
import { reportChangeKeys, reportKeys } from './keys';

export function updateReport(input: ReportUpdate): Promise<Report> {
  // Silent: the form shows a refusal beside its field.
  return put<Report>('/yun/report/basic', input, { silent: true });
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: (report) => {
      queryClient.setQueryData(reportKeys.detail(report.id), report);
      for (const queryKey of reportChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
