// POST /yun/exportFile (contract C): queues an export job in the export centre. Over EXPORT_ROW_CAP rows without
// `confirm` it answers 110525 (the caller asks, then posts again with confirm: true).
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ExportJob, ExportRequest } from '../types';

export function createExport(input: ExportRequest): Promise<ExportJob> {
  // Silent: 110525 becomes a question; the caller toasts any other refusal.
  return post<ExportJob>('/yun/exportFile', input, { silent: true });
}

export function useCreateExport() {
  return useMutation({ mutationFn: createExport });
}
