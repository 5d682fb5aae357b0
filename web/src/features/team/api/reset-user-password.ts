// POST /yun/userInfo/{id}/password: sets a new password (the user must change it at next login).
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';

export interface ResetUserPasswordInput {
  password: string;
  password2: string;
}

export function resetUserPassword(id: number, input: ResetUserPasswordInput): Promise<null> {
  return post<null>(`/yun/userInfo/${id}/password`, input, { silent: true });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ResetUserPasswordInput }) =>
      resetUserPassword(id, input),
  });
}
