// POST /yun/report/basic: a new report (the rules of docs/api-reports.md; the refusal names its field).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { Report, ReportInput } from '../types';
import { reportChangeKeys } from './keys';

export function createReport(input: ReportInput): Promise<Report> {
  // Silent: the form shows a refusal beside its field.
  return post<Report>('/yun/report/basic', input, { silent: true });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => {
      for (const queryKey of reportChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
