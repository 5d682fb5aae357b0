// PUT /yun/module/dataSource: edits a data source ({id, …} with the create fields).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { DataSourceIn, DataSourceOut } from '../types-data-source';
import { dataSourceChangeKeys } from './data-source-keys';

export function updateDataSource(input: DataSourceIn & { id: number }): Promise<DataSourceOut> {
  return put<DataSourceOut>('/yun/module/dataSource', input, { silent: true });
}

export function useUpdateDataSource(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataSource,
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
