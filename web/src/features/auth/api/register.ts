// POST /user/register (signed): creates the account and answers the session payload (logged in).
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { SessionPayload } from '@/types/session';

export interface RegisterInput {
  user_name: string;
  account: string;
  sms_code: string;
  password: string;
  password2: string;
  company?: string;
  agree: boolean;
}

export function registerRequest(input: RegisterInput): Promise<SessionPayload> {
  return post<SessionPayload>('/user/register', input, { silent: true });
}

export function useRegister() {
  return useMutation({ mutationFn: registerRequest });
}
