// POST /yun/user/group: creates a group (under parent_id when given).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { GroupOut } from '../types';
import { teamKeys } from './keys';

export interface CreateGroupInput {
  name: string;
  parent_id?: number | null;
}

export function createGroup(input: CreateGroupInput): Promise<GroupOut> {
  return post<GroupOut>('/yun/user/group', input, { silent: true });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
    },
  });
}
