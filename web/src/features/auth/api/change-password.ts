// PUT /yun/user/edit/pwd: changes the password (and clears the forced-change flag).
import { useMutation } from '@tanstack/react-query';

import { put } from '../../../lib/http';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  password2: string;
}

export function changePassword(input: ChangePasswordInput): Promise<null> {
  return put<null>('/yun/user/edit/pwd', input, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
