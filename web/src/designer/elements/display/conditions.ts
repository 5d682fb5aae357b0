// Colour conditions of a value display and a tank (issue 15 point 3): `settings.conditions` is a list of
// `{ min, max, color }`; the first whose range holds the value gives the colour, with the states' range rule
// (min inclusive, max exclusive, a missing bound unbounded: states.ts).
import type { JsonValue } from '../../model/types';
import { settingObjects } from '../settings';
import { inRange, stateValue } from '../states';

export interface ColourCondition {
  min: number | null;
  max: number | null;
  color: string;
}

function bound(value: JsonValue): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function readConditions(settings: Readonly<Record<string, JsonValue>>): ColourCondition[] {
  return settingObjects(settings, 'conditions').flatMap((item) =>
    typeof item.color === 'string' ? [{ min: bound(item.min), max: bound(item.max), color: item.color }] : [],
  );
}

export function conditionColour(
  conditions: readonly ColourCondition[],
  raw: number | string | null | undefined,
): string | null {
  const value = stateValue(raw);
  if (value === null) return null;
  return conditions.find((condition) => inRange(condition.min, condition.max, value))?.color ?? null;
}
