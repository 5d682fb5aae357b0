// POST /user/pwd/reset (signed): sets a new password with the code sent by /user/sms/num.
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';

export interface ResetPasswordInput {
  account: string;
  sms_code: string;
  password: string;
  password2: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<null> {
  return post<null>('/user/pwd/reset', input, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
