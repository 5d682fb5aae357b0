// GET /yun/his/export: the history query as an xlsx file (110525 over 5000 rows unless confirm=1).
import { useMutation } from '@tanstack/react-query';

import { getBlob } from '../http';
import type { HistoryParams } from './types';

export const EXPORT_CAP_CODE = '110525';

export function exportHistory(params: HistoryParams, confirm: boolean, lang: string): Promise<Blob> {
  // Silent: the caller turns 110525 into a confirmation and toasts anything else.
  return getBlob('/yun/his/export', { ...params, confirm: confirm ? 1 : 0, lang }, { silent: true });
}

export function useExportHistory() {
  return useMutation({
    mutationFn: ({ params, confirm, lang }: { params: HistoryParams; confirm: boolean; lang: string }) =>
      exportHistory(params, confirm, lang),
  });
}
