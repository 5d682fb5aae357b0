// "Send code" for register and find password: check account + graphic code, send, then spend the captcha.
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';

import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSendCode } from '../api/send-code';
import type { useCaptchaState } from '@/lib/captcha/use-captcha-state';

type CaptchaState = ReturnType<typeof useCaptchaState>;

interface Options {
  form: FormInstance;
  captcha: CaptchaState;
  scene: 'register' | 'reset';
  fields: readonly string[];
  onError: (message: string | null) => void;
  t: TFunction;
}

/** Returns the handler the SendCodeButton calls; it resolves with the resend delay in seconds. */
export function useSendCodeAction({ form, captcha, scene, fields, onError, t }: Options) {
  const sendCode = useSendCode(scene);

  return async (): Promise<number | undefined> => {
    onError(null);
    await form.validateFields(['account']);
    const code = ((form.getFieldValue('code') as string | undefined) ?? '').trim();
    // The graphic code only guards sending a code, so it is checked here rather than by a submit rule.
    if (captcha.captcha?.enabled !== false && !code) {
      form.setFields([{ name: 'code', errors: [t('validation.captcha.required')] }]);
      throw new Error('captcha required');
    }
    try {
      const answer = await sendCode.mutateAsync({
        account: (form.getFieldValue('account') as string).trim(),
        code,
        code_key: captcha.codeKey,
      });
      toast.success(t('auth.sendCode.sent'));
      return answer.resend_after;
    } catch (error) {
      onError(applyServerError(form, error, fields, { code_key: 'code' }));
      throw error;
    } finally {
      // The captcha answer is spent either way.
      captcha.refresh();
    }
  };
}
