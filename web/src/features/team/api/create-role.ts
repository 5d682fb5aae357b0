// POST /yun/user/role: creates a custom role.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { RoleInput, RoleOut } from '../types';
import { teamKeys } from './keys';

export function createRole(input: RoleInput): Promise<RoleOut> {
  return post<RoleOut>('/yun/user/role', input, { silent: true });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.roles() });
    },
  });
}
