// Data colour conditions (SPEC §9): a value in [min, max) takes the condition's colour; the first matching condition
// wins. Bars, pie slices, table cells and the indicator card's value are coloured point by point.
import type { ColourCondition } from './types';

/** At most this many conditions per report (SPEC §9 keeps the count unshown; one per palette colour). */
export const COLOUR_CONDITIONS_MAX = 10;

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
