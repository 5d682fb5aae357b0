// PUT /yun/userInfo/{id}: edits a user's profile, role and group.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { UserOut } from '../types';
import { teamKeys } from './keys';

export interface UpdateUserInput {
  nick_name?: string;
  phone?: string;
  email?: string;
  company?: string;
  role_id?: number;
  group_id?: number | null;
  is_admin2?: boolean;
}

export function updateUser(id: number, input: UpdateUserInput): Promise<UserOut> {
  return put<UserOut>(`/yun/userInfo/${id}`, input, { silent: true });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) => updateUser(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.groups() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.roles() });
    },
  });
}
