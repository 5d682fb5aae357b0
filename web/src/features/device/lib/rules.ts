// Client-side rules of the device forms (SPEC §5, docs/api-devices.md), mirroring the server's checks.
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

import {
  CONTACT_NAME_MAX,
  DEVICE_ADDRESS_MAX,
  DEVICE_ALIAS_MAX,
  DEVICE_GROUP_NAME_MAX,
  DEVICE_GROUP_NOTES_MAX,
  DEVICE_REMARK_MAX,
  DEVICE_SECRET_MAX,
  DEVICE_SECRET_MIN,
  ICCID_MIN_DIGITS,
  ICCID_PATTERN,
  IMPORT_MAX_BYTES,
  SHARE_USERS_MAX,
  SITE_TYPE_MAX,
  SN_MAX,
  SN_PATTERN,
} from '@/types/limits.gen';
import { EMAIL_RE, PHONE_RE } from '@/lib/validation';

// The numbers come from the server's core/limits.py through `make gen`, so a form shows the rule it enforces.
export {
  CONTACT_NAME_MAX,
  DEVICE_GROUP_NAME_MAX,
  DEVICE_GROUP_NOTES_MAX,
  ICCID_MIN_DIGITS,
  IMPORT_MAX_BYTES,
  SHARE_USERS_MAX,
  SITE_TYPE_MAX,
  SN_MAX,
};

/** SPEC §5 "SN code alphanumeric under 20". */
export const SN_RE = new RegExp(SN_PATTERN);
export const SECRET_MIN = DEVICE_SECRET_MIN;
export const SECRET_MAX = DEVICE_SECRET_MAX;
export const ALIAS_MAX = DEVICE_ALIAS_MAX;
export const ADDRESS_MAX = DEVICE_ADDRESS_MAX;
export const REMARK_MAX = DEVICE_REMARK_MAX;
export const PACKAGE_NAME_MAX = 64;
/** SPEC §5 "flow card number at least 18 digits, no special characters": 18–32 letters/digits, ≥18 of them digits. */
export const ICCID_RE = new RegExp(ICCID_PATTERN);
export const VIDEO_PROTOCOLS: readonly string[] = ['http:', 'https:', 'rtsp:', 'rtmp:', 'ws:', 'wss:'];
export const IMPORT_EXTENSIONS: readonly string[] = ['.xlsx', '.xls', '.csv'];

export const isValidSn = (sn: string): boolean => SN_RE.test(sn);

export function isValidIccid(iccid: string): boolean {
  return ICCID_RE.test(iccid) && (iccid.match(/\d/g)?.length ?? 0) >= ICCID_MIN_DIGITS;
}

/** http(s), rtsp, rtmp or ws(s) with a host. */
export function isValidVideoUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  return VIDEO_PROTOCOLS.includes(parsed.protocol) && parsed.hostname !== '';
}

const SECRET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random device secret of letters and digits (look-alike characters left out). */
export function generateSecret(length = 16): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => SECRET_ALPHABET.charAt(b % SECRET_ALPHABET.length)).join('');
}

export type ImportFileProblem = 'type' | 'size' | 'empty';

/** Checks an import file before upload: .xlsx/.xls/.csv, not empty, at most 20 MB. */
export function checkImportFile(file: { name: string; size: number }): ImportFileProblem | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMPORT_MAX_BYTES) return 'size';
  return null;
}

export type ShareProblem = 'max' | 'self' | 'duplicate' | 'existing';

/**
 * The server's share checks, before sending: at most 10 users per device, not oneself, no account twice.
 * `self` holds the caller's user name, phone and email; `existing` the user names the device is shared with.
 */
export function checkShareAccounts(
  accounts: readonly string[],
  options: { self: readonly string[]; existing: readonly string[]; remaining: number },
): { problem: ShareProblem; account?: string } | null {
  const seen = new Set<string>();
  const self = new Set(options.self.filter(Boolean).map((s) => s.toLowerCase()));
  const existing = new Set(options.existing.map((s) => s.toLowerCase()));
  for (const raw of accounts) {
    const account = raw.trim().toLowerCase();
    if (self.has(account)) return { problem: 'self', account: raw };
    if (seen.has(account)) return { problem: 'duplicate', account: raw };
    if (existing.has(account)) return { problem: 'existing', account: raw };
    seen.add(account);
  }
  if (accounts.length > options.remaining) return { problem: 'max' };
  return null;
}

export function snRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('device.validation.sn.required') },
    { pattern: SN_RE, message: t('device.validation.sn.pattern', { max: SN_MAX }) },
  ];
}

export function secretRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('device.validation.secret.required') },
    {
      min: SECRET_MIN,
      max: SECRET_MAX,
      message: t('device.validation.secret.length', { min: SECRET_MIN, max: SECRET_MAX }),
    },
  ];
}

export function maxRule(t: TFunction, max: number): FormRule {
  return { max, message: t('device.validation.max', { max }) };
}

export function phoneRules(t: TFunction): FormRule[] {
  return [{ pattern: PHONE_RE, message: t('device.validation.phone') }];
}

export function emailRules(t: TFunction): FormRule[] {
  return [{ pattern: EMAIL_RE, message: t('device.validation.email') }];
}

export function iccidRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('device.validation.iccid.required') },
    {
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value === '' || isValidIccid(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('device.validation.iccid.pattern', { min: ICCID_MIN_DIGITS }))),
    },
  ];
}

export function videoUrlRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value.trim() === '' || isValidVideoUrl(value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('device.validation.videoUrl'))),
    },
  ];
}

export function groupNameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('device.validation.groupName.required') },
    { max: DEVICE_GROUP_NAME_MAX, message: t('device.validation.max', { max: DEVICE_GROUP_NAME_MAX }) },
  ];
}
