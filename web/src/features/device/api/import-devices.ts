// POST /dev/import/batchInsert: registers the rows of an xlsx/xls/csv file (multipart `file`), with upload progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ImportResult } from '../types';
import { deviceChangeKeys } from './keys';

export function importDevices(file: File, onProgress?: (percent: number) => void): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return post<ImportResult>('/dev/import/batchInsert', body, {
    silent: true,
    ...(onProgress
      ? {
          onUploadProgress: (event) => {
            if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
          },
        }
      : {}),
  });
}

export function useImportDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      importDevices(file, onProgress),
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
