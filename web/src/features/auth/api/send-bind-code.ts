// POST /user/account/bind/code (signed): sends a verification code to the phone or mailbox being bound.
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { SmsCodePayload } from '@/types/session';

export function sendBindCode(account: string): Promise<SmsCodePayload> {
  return post<SmsCodePayload>('/user/account/bind/code', { account }, { silent: true });
}

export function useSendBindCode() {
  return useMutation({ mutationFn: sendBindCode });
}
