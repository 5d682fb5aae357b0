// The export flow of contract C: post the job; over the row cap (110525) ask, naming the rows, then post again with
// `confirm: true` (the file then holds the first EXPORT_ROW_CAP rows). Resolves with the job, or null when declined.
import { isApiError } from '@/lib/http';
import type { ExportJob, ExportRequest } from '../types';

export const EXPORT_CAP_CODE = '110525';

export interface ExportFlow {
  post: (request: ExportRequest) => Promise<ExportJob>;
  /** Asks whether to export the first rows; `detail` is the server's text naming the row count. */
  confirm: (detail: string) => Promise<boolean>;
}

export async function exportWithConfirm(
  request: Omit<ExportRequest, 'confirm'>,
  flow: ExportFlow,
): Promise<ExportJob | null> {
  try {
    return await flow.post({ ...request, confirm: false });
  } catch (error) {
    if (!isApiError(error) || error.code !== EXPORT_CAP_CODE) throw error;
    if (!(await flow.confirm(error.detail))) return null;
    return flow.post({ ...request, confirm: true });
  }
}
