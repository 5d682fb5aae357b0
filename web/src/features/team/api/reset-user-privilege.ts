// DELETE /yun/userInfo/privilege/{id}: removes the user's direct permissions ("reset" to the role's).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import type { PrivilegeOut } from '../types';
import { teamKeys } from './keys';

export function resetUserPrivilege(id: number): Promise<PrivilegeOut> {
  return del<PrivilegeOut>(`/yun/userInfo/privilege/${id}`);
}

export function useResetUserPrivilege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPrivilege,
    onSuccess: (data, id) => {
      queryClient.setQueryData(teamKeys.privilege(id), data);
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
    },
  });
}
