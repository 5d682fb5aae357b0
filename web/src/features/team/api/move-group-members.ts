// POST /yun/user/group/{id}/members: moves users into the group.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { teamKeys } from './keys';

export function moveGroupMembers(groupId: number, userIds: number[]): Promise<null> {
  return post<null>(`/yun/user/group/${groupId}/members`, { user_ids: userIds });
}

export function useMoveGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, userIds }: { groupId: number; userIds: number[] }) =>
      moveGroupMembers(groupId, userIds),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
    },
  });
}
