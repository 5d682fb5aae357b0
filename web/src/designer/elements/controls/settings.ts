// Typed reads of an element's settings (free JSON in the document, DESIGN §7): a key of the wrong type reads as its
// default, so a document edited by hand or by an older designer never breaks a control at work.
import type { JsonValue } from '../../model/types';

export type Settings = Readonly<Record<string, JsonValue>>;

export function numberSetting(settings: Settings, key: string): number | null {
  const value = settings[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function numberOr(settings: Settings, key: string, fallback: number): number {
  return numberSetting(settings, key) ?? fallback;
}

export function textSetting(settings: Settings, key: string, fallback = ''): string {
  const value = settings[key];
  return typeof value === 'string' ? value : fallback;
}

export function boolSetting(settings: Settings, key: string, fallback = false): boolean {
  const value = settings[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function choiceSetting<T extends string>(
  settings: Settings,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = settings[key];
  return typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** A number or a text as a control writes it (a switch's on value, a button's fixed value). */
export function writableSetting(settings: Settings, key: string, fallback: number): number | string {
  const value = settings[key];
  return typeof value === 'number' || typeof value === 'string' ? value : fallback;
}

/** The control password a write asks for (issue 15 point 5): none, the tenant's default or the device's own. */
export const PASSWORD_MODES = ['none', 'global', 'device'] as const;
export type PasswordMode = (typeof PASSWORD_MODES)[number];

/** The write rules a control carries in its settings, which checkWrite and the runtime enforce. */
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
    min: numberSetting(settings, 'min'),
    max: numberSetting(settings, 'max'),
    decimals: numberSetting(settings, 'decimals'),
    confirm: boolSetting(settings, 'confirm'),
    password: choiceSetting(settings, 'password', PASSWORD_MODES, 'none'),
  };
}

/** The settings keys of the write rules with their values when new. */
export function defaultWriteRules(): Record<keyof WriteRules, JsonValue> {
  return { min: null, max: null, decimals: null, confirm: false, password: 'none' };
}
