// The one mark the console shows for a value that is not there: no alias, no address, never reported, no value.
// Every screen uses it (empty.test.ts checks the sources), so a missing value looks the same everywhere.
export const EMPTY = '-';

/** `value`, or the empty mark when it is null, undefined or blank. */
export function orEmpty<T extends string | number>(value: T | null | undefined): T | typeof EMPTY {
  return value === null || value === undefined || value === '' ? EMPTY : value;
}
