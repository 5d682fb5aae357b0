// POST /user/account/bind (signed): binds a phone number or email to the signed-in user with the code sent to it.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { UserConfigPayload } from '@/types/session';
import { CONTACT_KEY } from './get-contact';

export interface BindAccountInput {
  account: string;
  sms_code: string;
}

export function bindAccount(input: BindAccountInput): Promise<UserConfigPayload> {
  return post<UserConfigPayload>('/user/account/bind', input, { silent: true });
}

export function useBindAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACT_KEY }),
  });
}
