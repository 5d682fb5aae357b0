// What a settings form's field holds, made into what the server takes: a form field may hold null (a cleared number)
// or undefined (a field not yet shown) whatever its type says.
/** A whole or decimal number kept between `low` and `high`; `fallback` for an empty or malformed field. */
export function numberIn(value: unknown, low: number, high: number, fallback: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(high, Math.max(low, n));
}

/** A whole number kept between `low` and `high`. */
export function wholeIn(value: unknown, low: number, high: number, fallback: number): number {
  return Math.round(numberIn(value, low, high, fallback));
}

/** A text field's text ('' for an empty one), cut to `max` characters. */
export function textOf(value: unknown, max = Infinity): string {
  return (typeof value === 'string' ? value : '').slice(0, max);
}

/** A multiple select's ids ([] for an empty field). */
export function idsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}
