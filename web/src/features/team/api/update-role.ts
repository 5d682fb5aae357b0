// PUT /yun/user/role/{id}: edits a role (name, permissions, home page, dashboard fullscreen).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { RoleInput, RoleOut } from '../types';
import { teamKeys } from './keys';

export function updateRole(id: number, input: RoleInput): Promise<RoleOut> {
  return put<RoleOut>(`/yun/user/role/${id}`, input, { silent: true });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RoleInput }) => updateRole(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.roles() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
    },
  });
}
