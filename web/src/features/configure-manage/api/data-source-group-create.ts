// POST /yun/module/dataSource/group {template_id, name}: a new data source group (name unique in the template).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { DataSourceGroupOut } from '../types-data-source';
import { dataSourceChangeKeys } from './data-source-keys';

export function createDataSourceGroup(input: {
  template_id: number;
  name: string;
}): Promise<DataSourceGroupOut> {
  return post<DataSourceGroupOut>('/yun/module/dataSource/group', input, { silent: true });
}

export function useCreateDataSourceGroup(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createDataSourceGroup({ template_id: templateId, name }),
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
