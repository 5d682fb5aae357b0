// Client-side check of a control write (docs/api-telemetry.md step 5): a number for numeric types, 0/1/true/false
// for bit, text of at most string_length for string, within min_value…max_value when set. The server checks again.
import type { TFunction } from 'i18next';

import { STRING_LENGTH_MAX } from '@/types/limits.gen';
import type { LiveItem } from './types';

export type WriteKind = 'bit' | 'number' | 'string';

export function writeKind(dataType: string): WriteKind {
  if (dataType === 'bit') return 'bit';
  if (dataType === 'string') return 'string';
  return 'number';
}

export type WriteError =
  | { key: 'required' }
  | { key: 'notNumber' }
  | { key: 'notBit' }
  | { key: 'range'; min: number; max: number }
  | { key: 'min'; min: number }
  | { key: 'max'; max: number }
  | { key: 'tooLong'; max: number };

export type WriteCheck = { ok: true; value: number | string } | { ok: false; error: WriteError };

type Rules = Pick<LiveItem, 'data_type' | 'min_value' | 'max_value' | 'string_length'>;

const BITS: Readonly<Record<string, 0 | 1>> = { '0': 0, '1': 1, true: 1, false: 0 };

function parseNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const n = Number(raw.trim());
  return Number.isFinite(n) ? n : null;
}

/** The value to send, or why it is refused. */
export function checkWriteValue(rules: Rules, raw: unknown): WriteCheck {
  const kind = writeKind(rules.data_type);
  if (kind === 'string') {
    const text = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
    const max = rules.string_length ?? STRING_LENGTH_MAX;
    if (text.length > max) return { ok: false, error: { key: 'tooLong', max } };
    return { ok: true, value: text };
  }
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { ok: false, error: { key: 'required' } };
  if (kind === 'bit') {
    const bit =
      typeof raw === 'boolean'
        ? raw
          ? 1
          : 0
        : typeof raw === 'number' || typeof raw === 'string'
          ? BITS[String(raw).trim().toLowerCase()]
          : undefined;
    return bit === undefined ? { ok: false, error: { key: 'notBit' } } : { ok: true, value: bit };
  }
  const n = parseNumber(raw);
  if (n === null) return { ok: false, error: { key: 'notNumber' } };
  const { min_value: min, max_value: max } = rules;
  if ((min !== null && n < min) || (max !== null && n > max)) {
    if (min !== null && max !== null) return { ok: false, error: { key: 'range', min, max } };
    if (min !== null) return { ok: false, error: { key: 'min', min } };
    if (max !== null) return { ok: false, error: { key: 'max', max } };
  }
  return { ok: true, value: n };
}

/** "0 – 1.6", "≥ 0", "≤ 1.6" or null when the data source has no range. */
export function rangeText(rules: Pick<LiveItem, 'min_value' | 'max_value'>): string | null {
  const { min_value: min, max_value: max } = rules;
  if (min !== null && max !== null) return `${min} – ${max}`;
  if (min !== null) return `≥ ${min}`;
  if (max !== null) return `≤ ${max}`;
  return null;
}

/** The refusal as the write dialogs show it next to the value. */
export function writeErrorText(t: TFunction, error: WriteError): string {
  switch (error.key) {
    case 'range':
      return t('telemetry.write.error.range', { min: error.min, max: error.max });
    case 'min':
      return t('telemetry.write.error.min', { min: error.min });
    case 'max':
      return t('telemetry.write.error.max', { max: error.max });
    case 'tooLong':
      return t('telemetry.write.error.tooLong', { max: error.max });
    default:
      return t(`telemetry.write.error.${error.key}`);
  }
}
