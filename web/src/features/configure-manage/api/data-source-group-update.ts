// PUT /yun/module/dataSource/group {id, name}: renames a data source group.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { DataSourceGroupOut } from '../types-data-source';
import { dataSourceChangeKeys } from './data-source-keys';

export function updateDataSourceGroup(input: { id: number; name: string }): Promise<DataSourceGroupOut> {
  return put<DataSourceGroupOut>('/yun/module/dataSource/group', input, { silent: true });
}

export function useUpdateDataSourceGroup(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataSourceGroup,
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
