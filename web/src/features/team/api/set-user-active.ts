// PUT /yun/userInfo/{id}/active: locks (0) or unlocks (1) a user; locking revokes their tokens.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { UserOut } from '../types';
import { teamKeys } from './keys';

export function setUserActive(id: number, isActive: 0 | 1): Promise<UserOut> {
  return put<UserOut>(`/yun/userInfo/${id}/active`, { is_active: isActive });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: 0 | 1 }) => setUserActive(id, isActive),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.users() });
    },
  });
}
