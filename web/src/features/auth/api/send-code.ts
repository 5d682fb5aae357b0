// POST /register/sms/num and /user/sms/num (signed): send a verification code to a phone or mailbox.
import { useMutation } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { SmsCodePayload } from '@/types/session';

export interface SendCodeInput {
  account: string;
  code: string;
  code_key: string;
}

export type SendCodePurpose = 'register' | 'reset';

const PATHS: Record<SendCodePurpose, string> = {
  register: '/register/sms/num',
  reset: '/user/sms/num',
};

export function sendCode(purpose: SendCodePurpose, input: SendCodeInput): Promise<SmsCodePayload> {
  return post<SmsCodePayload>(PATHS[purpose], input, { silent: true });
}

export function useSendCode(purpose: SendCodePurpose) {
  return useMutation({ mutationFn: (input: SendCodeInput) => sendCode(purpose, input) });
}
