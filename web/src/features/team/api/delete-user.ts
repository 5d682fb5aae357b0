// DELETE /yun/userInfo/{id}: deletes a user (the server refuses the administrator and oneself).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { teamKeys } from './keys';

export function deleteUser(id: number): Promise<null> {
  return del<null>(`/yun/userInfo/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.roles() });
    },
  });
}
