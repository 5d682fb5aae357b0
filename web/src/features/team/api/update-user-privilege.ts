// PUT /yun/userInfo/privilege/{id}: replaces the user's direct permissions.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { PrivilegeOut } from '../types';
import { teamKeys } from './keys';

export function updateUserPrivilege(id: number, directPermissions: string[]): Promise<PrivilegeOut> {
  return put<PrivilegeOut>(`/yun/userInfo/privilege/${id}`, { direct_permissions: directPermissions });
}

export function useUpdateUserPrivilege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, codes }: { id: number; codes: string[] }) => updateUserPrivilege(id, codes),
    onSuccess: (data, { id }) => {
      queryClient.setQueryData(teamKeys.privilege(id), data);
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
    },
  });
}
