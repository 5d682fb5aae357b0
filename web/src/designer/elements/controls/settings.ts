// The write rules a control carries in its settings (issue 15 point 5), read with the registry's typed readers
// (elements/settings.ts), so checkWrite and the runtime enforce what the designer set.
import type { JsonValue } from '../../model/types';
import { settingBoolean, settingChoice } from '../settings';

type Settings = Readonly<Record<string, JsonValue>>;

/** A number, or null when the key is absent, cleared or not a number (a limit that is not set). */
export function settingOptionalNumber(settings: Settings, key: string): number | null {
  const value = settings[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A number or a text as a control writes it (a switch's on value, a button's fixed value). */
export function settingWritable(settings: Settings, key: string, fallback: number): number | string {
  const value = settings[key];
  return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? value : fallback;
}

/** The control password a write asks for: none, the tenant's default or the device's own. */
export const PASSWORD_MODES = ['none', 'global', 'device'] as const;
export type PasswordMode = (typeof PASSWORD_MODES)[number];

export interface WriteRules {
  /** Lower and upper limit of a written number; null is no limit on that side. */
  min: number | null;
  max: number | null;
  /** A written number is rounded to this many decimals first; null keeps it as typed. */
  decimals: number | null;
  /** Ask "write X?" before writing. */
  confirm: boolean;
  password: PasswordMode;
}

export function writeRules(settings: Settings): WriteRules {
  return {
    min: settingOptionalNumber(settings, 'min'),
    max: settingOptionalNumber(settings, 'max'),
    decimals: settingOptionalNumber(settings, 'decimals'),
    confirm: settingBoolean(settings, 'confirm', false),
    password: settingChoice(settings, 'password', PASSWORD_MODES, 'none'),
  };
}

/** The settings keys of the write rules with their values when new. */
export function defaultWriteRules(): Record<keyof WriteRules, JsonValue> {
  return { min: null, max: null, decimals: null, confirm: false, password: 'none' };
}
