// PUT /yun/user/edit/pwd: changes the password (and clears the forced-change flag).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  password2: string;
}

export function changePassword(input: ChangePasswordInput): Promise<null> {
  return put<null>('/yun/user/edit/pwd', input, { silent: true });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // While a forced change was pending every request failed with 100013 (change the password first) (the home
    // cards showed "failed to load"): everything on screen loads again now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
