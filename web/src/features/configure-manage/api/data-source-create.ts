// POST /yun/module/dataSource: adds a data source to a template (owner or the `data_source` item).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { DataSourceIn, DataSourceOut } from '../types-data-source';
import { dataSourceChangeKeys } from './data-source-keys';

export function createDataSource(input: DataSourceIn): Promise<DataSourceOut> {
  return post<DataSourceOut>('/yun/module/dataSource', input, { silent: true });
}

export function useCreateDataSource(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataSource,
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
