// DELETE /yun/user/group/{id}: refused while the group has sub-groups or users.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { teamKeys } from './keys';

export function deleteGroup(id: number): Promise<null> {
  return del<null>(`/yun/user/group/${id}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
    },
  });
}
