// DELETE /yun/module/dataSource/group?id=: refused (115413) for the default group and groups with data sources.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { dataSourceChangeKeys } from './data-source-keys';

export function deleteDataSourceGroup(id: number): Promise<null> {
  return del<null>('/yun/module/dataSource/group', { id });
}

export function useDeleteDataSourceGroup(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataSourceGroup,
    onSuccess: () => {
      for (const queryKey of dataSourceChangeKeys(templateId))
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
