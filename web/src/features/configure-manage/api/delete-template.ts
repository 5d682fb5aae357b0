// DELETE /yun/module?id=: the owner deletes a template; refused while published (115017, the toast says so).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { templateKeys } from './keys';

export function deleteTemplate(id: number): Promise<null> {
  return del<null>('/yun/module', { id });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_data, id) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      queryClient.removeQueries({ queryKey: templateKeys.middleware(id) });
    },
  });
}
