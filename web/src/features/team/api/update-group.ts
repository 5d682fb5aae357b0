// PUT /yun/user/group/{id}: renames or moves a group (the server refuses cycles).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { GroupOut } from '../types';
import { teamKeys } from './keys';

export interface UpdateGroupInput {
  name?: string;
  parent_id?: number | null;
}

export function updateGroup(id: number, input: UpdateGroupInput): Promise<GroupOut> {
  return put<GroupOut>(`/yun/user/group/${id}`, input, { silent: true });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateGroupInput }) => updateGroup(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
    },
  });
}
