// Reading an element's settings: `settings` is open JSON (the server checks only that it is JSON), so a component
// reads each key with its type and a fallback, and a hand-edited or older document never breaks the drawing.
import type { JsonValue } from '../model/types';

// `JsonValue` is the generated `unknown`: a key may hold anything, or be absent.
type Settings = Readonly<Record<string, JsonValue>>;

export function settingString(settings: Settings, key: string, fallback: string): string {
  const value = settings[key];
  return typeof value === 'string' ? value : fallback;
}

/** A string, or null when the key is absent, null or not a string (a colour cleared in the property panel). */
export function settingOptionalString(settings: Settings, key: string): string | null {
  const value = settings[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function settingNumber(settings: Settings, key: string, fallback: number): number {
  const value = settings[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function settingBoolean(settings: Settings, key: string, fallback: boolean): boolean {
  const value = settings[key];
  return typeof value === 'boolean' ? value : fallback;
}

/** One of the allowed strings, else the fallback (a select's value). */
export function settingChoice<T extends string>(
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

/** A list of JSON objects (colour conditions, points); anything else in the list is dropped. */
export function settingObjects(settings: Settings, key: string): Record<string, JsonValue>[] {
  const value = settings[key];
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Record<string, JsonValue> =>
      typeof item === 'object' && item !== null && !Array.isArray(item),
  );
}
