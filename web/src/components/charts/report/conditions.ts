// Data colour conditions (SPEC §9): a value in [min, max) takes the condition's colour; the first matching condition
// wins. Bars, pie slices, table cells and the indicator card's value are coloured point by point.
import { REPORT_COLOUR_CONDITIONS_MAX } from '@/types/limits.gen';
import type { ColourCondition } from './types';

/** At most this many conditions per report (SPEC §9 keeps the count unshown; the server's limit, one per palette
 * colour). */
export const COLOUR_CONDITIONS_MAX = REPORT_COLOUR_CONDITIONS_MAX;

/** Conditions as the server keeps them (a null bound is open) in the builders' form (an open bound is left out). */
export function toColourConditions(
  conditions: readonly { min?: number | null; max?: number | null; color: string }[] | null | undefined,
): ColourCondition[] {
  return (conditions ?? []).map((c) => ({
    ...(c.min === null || c.min === undefined ? {} : { min: c.min }),
    ...(c.max === null || c.max === undefined ? {} : { max: c.max }),
    color: c.color,
  }));
}

/** The conditions that can apply: at most COLOUR_CONDITIONS_MAX, each with a colour and min below max. */
export function usableConditions(conditions: readonly ColourCondition[] | undefined): ColourCondition[] {
  return (conditions ?? [])
    .filter(
      (c) =>
        c.color.trim() !== '' &&
        (c.min === undefined || Number.isFinite(c.min)) &&
        (c.max === undefined || Number.isFinite(c.max)) &&
        (c.min === undefined || c.max === undefined || c.min < c.max),
    )
    .slice(0, COLOUR_CONDITIONS_MAX);
}

/** The colour of a value, or null when no condition matches (and for a gap). */
export function conditionColour(
  value: number | null | undefined,
  conditions: readonly ColourCondition[],
): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  for (const c of conditions) {
    if ((c.min === undefined || value >= c.min) && (c.max === undefined || value < c.max)) return c.color;
  }
  return null;
}
