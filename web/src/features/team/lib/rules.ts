// Client-side rules of the team forms (SPEC §5), mirroring the server's checks.
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';

import { EMAIL_RE, PHONE_RE } from '@/lib/validation';

/** Role name: no spaces or special characters — the server's rule (core/limits.py NAME_RE, Python `^\w+$`). */
export const ROLE_NAME_RE = /^[\p{L}\p{N}_]+$/u;
export const ROLE_NAME_MAX = 32;
/** SPEC §5 "name max 32". */
export const GROUP_NAME_MAX = 32;
export const NICKNAME_MAX = 10;

export function isValidRoleName(name: string): boolean {
  return ROLE_NAME_RE.test(name) && name.length <= ROLE_NAME_MAX;
}

export function roleNameRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('team.validation.roleName.required') },
    { max: ROLE_NAME_MAX, message: t('team.validation.roleName.max', { max: ROLE_NAME_MAX }) },
    { pattern: ROLE_NAME_RE, message: t('team.validation.roleName.pattern') },
  ];
}

export function groupNameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('team.validation.groupName.required') },
    { max: GROUP_NAME_MAX, message: t('team.validation.groupName.max', { max: GROUP_NAME_MAX }) },
    { pattern: ROLE_NAME_RE, message: t('team.validation.groupName.pattern') },
  ];
}

export function nickNameRules(t: TFunction): FormRule[] {
  return [{ max: NICKNAME_MAX, message: t('team.validation.nickName.max', { max: NICKNAME_MAX }) }];
}

export function phoneRules(t: TFunction): FormRule[] {
  return [{ pattern: PHONE_RE, message: t('team.validation.phone.pattern') }];
}

export function emailRules(t: TFunction): FormRule[] {
  return [{ pattern: EMAIL_RE, message: t('team.validation.email.pattern') }];
}

/** A secondary administrator binds exactly one group (SPEC §5). */
export function admin2GroupRules(t: TFunction): FormRule[] {
  return [
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: (_rule: unknown, value: unknown) =>
        getFieldValue('is_admin2') === true && (value === undefined || value === null)
          ? Promise.reject(new Error(t('team.validation.group.admin2')))
          : Promise.resolve(),
    }),
  ];
}

/** Quota inputs: empty (the platform's value) or a whole number from 0 to the platform's value `max`. */
export function isValidQuota(value: unknown, max: number = Number.MAX_SAFE_INTEGER): boolean {
  return (
    value === null ||
    value === undefined ||
    (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max)
  );
}

/** Form values → the body of PUT …/quota ('' and undefined become null = the platform's value). */
export function toQuotaBody<K extends string>(
  fields: readonly K[],
  values: Partial<Record<K, number | null | undefined>>,
): Record<K, number | null> {
  const out = {} as Record<K, number | null>;
  for (const f of fields) {
    const v = values[f];
    out[f] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return out;
}
