// Which state of a stateful element shows for a value (SPEC §3 "Screen element state", issue 15 point 4). The
// server's `State` keeps `min` and `max` optional (absent = unbounded) and checks no order between them; this is
// their meaning, the one the designer and the runtime share:
// - by value: a state matches when min ≤ value < max — min inclusive, max exclusive, so adjacent ranges
//   (0–10, 10–20) never overlap and a boundary value belongs to the range it starts;
// - by bit: a state matches when bit `bit` of the integer value is set (64-bit two's complement for a negative);
//   a state without a bit never matches;
// - the first matching state in order wins; none matching, a missing or non-numeric value gives null (the element
//   keeps its own look).
import type { ElementState, ElementStates } from '../model/types';

/** A bound value as a number for the resolver, or null (missing, empty, not a number, infinite). */
export function stateValue(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

function inRange(state: ElementState, value: number): boolean {
  const min = state.min ?? null;
  const max = state.max ?? null;
  return (min === null || value >= min) && (max === null || value < max);
}

function bitSet(value: number, bit: number): boolean {
  // BigInt: JavaScript's bit operators stop at 32 bits, and a state may name bits up to 63.
  const word = BigInt.asUintN(64, BigInt(value));
  return ((word >> BigInt(bit)) & 1n) === 1n;
}

export function resolveState(
  states: ElementStates | null,
  raw: number | string | null | undefined,
): ElementState | null {
  const value = stateValue(raw);
  if (!states || value === null) return null;
  if (states.by === 'bit') {
    if (!Number.isSafeInteger(value)) return null;
    return states.items.find((state) => state.bit != null && bitSet(value, state.bit)) ?? null;
  }
  return states.items.find((state) => inRange(state, value)) ?? null;
}
