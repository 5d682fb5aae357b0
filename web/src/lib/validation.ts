// Client-side form rules mirroring the server's account rules (SPEC §5, docs/api.md 110301–110334).
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';

import { PASSWORD_PATTERN, PHONE_PATTERN, USER_NAME_PATTERN } from '@/types/limits.gen';
import { COMPANY_MAX } from './constants';

// The server's own patterns (core/limits.py via `make gen`), so a form shows the rule the server enforces.
export const USER_NAME_RE = new RegExp(USER_NAME_PATTERN);
export const PHONE_RE = new RegExp(PHONE_PATTERN);
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_RE = new RegExp(PASSWORD_PATTERN);

export const isPhoneOrEmail = (value: string): boolean => PHONE_RE.test(value) || EMAIL_RE.test(value);

export function userNameRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('validation.userName.required') },
    { pattern: USER_NAME_RE, message: t('validation.userName.pattern') },
  ];
}

export function accountRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('validation.account.required') },
    {
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value === '' || isPhoneOrEmail(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.account.pattern'))),
    },
  ];
}

export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('validation.password.required') },
    { pattern: PASSWORD_RE, message: t('validation.password.pattern') },
  ];
}

/** The confirmation must equal the field `source`. */
export function confirmRules(t: TFunction, source = 'password'): FormRule[] {
  return [
    { required: true, message: t('validation.password2.required') },
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: (_rule: unknown, value: unknown) =>
        !value || getFieldValue(source) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.password2.mismatch'))),
    }),
  ];
}

export function companyRules(t: TFunction): FormRule[] {
  return [{ max: COMPANY_MAX, message: t('validation.company.max', { max: COMPANY_MAX }) }];
}

export function captchaRules(t: TFunction): FormRule[] {
  return [{ required: true, message: t('validation.captcha.required') }];
}

export function smsCodeRules(t: TFunction): FormRule[] {
  return [{ required: true, message: t('validation.smsCode.required') }];
}
