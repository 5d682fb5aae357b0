// DELETE /yun/user/role/{id}: the server refuses the built-in administrator and roles still in use.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { teamKeys } from './keys';

export function deleteRole(id: number): Promise<null> {
  return del<null>(`/yun/user/role/${id}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.roles() });
    },
  });
}
