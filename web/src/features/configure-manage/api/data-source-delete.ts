// DELETE /yun/module/dataSource with the JSON body {template_id, ids}: deletes data sources of a template.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { delWithBody } from '@/lib/http';
import { dataSourceChangeKeys } from './data-source-keys';

export function deleteDataSources(templateId: number, ids: number[]): Promise<null> {
  return delWithBody<null>('/yun/module/dataSource', { template_id: templateId, ids });
}

export function useDeleteDataSources(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteDataSources(templateId, ids),
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
