// POST /yun/module/dataSource/import (multipart template_id, file): creates or updates rows by name, with upload progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { DataSourceImportResult } from '../types-data-source';
import { dataSourceChangeKeys } from './data-source-keys';

export function importDataSources(
  templateId: number,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<DataSourceImportResult> {
  const body = new FormData();
  body.append('template_id', String(templateId));
  body.append('file', file);
  return post<DataSourceImportResult>('/yun/module/dataSource/import', body, {
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

export function useImportDataSources(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      importDataSources(templateId, file, onProgress),
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
