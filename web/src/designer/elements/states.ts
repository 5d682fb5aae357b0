// Which state of a stateful element shows for a value (SPEC §3 "Screen element state", issue 15 point 4). The
// server's `State` keeps `min` and `max` optional (absent = unbounded) and checks no order between them; this is
// their meaning, the one the designer and the runtime share:
// - by value: a state matches when min ≤ value < max — min inclusive, max exclusive, so adjacent ranges
//   (0–10, 10–20) never overlap and a boundary value belongs to the range it starts;
// - by bit: a state matches when bit `bit` of the integer value is set (64-bit two's complement for a negative);
//   a state without a bit never matches;
// - the first matching state in order wins; none matching, a missing or non-numeric value gives null (the element
//   keeps its own look).
import type { DesignElement, ElementState, ElementStates } from '../model/types';
import type { BoundValue } from './types';

/** The binding key whose value picks a stateful element's state. */
export const STATE_BINDING = 'value';

/** A bound value as a number for the resolver, or null (missing, empty, not a number, infinite). */
export function stateValue(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** min ≤ value < max, a missing bound unbounded: the one range rule of states and colour conditions. */
export function inRange(
  min: number | null | undefined,
  max: number | null | undefined,
  value: number,
): boolean {
  return (min == null || value >= min) && (max == null || value < max);
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
  return states.items.find((state) => inRange(state.min, state.max, value)) ?? null;
}

/** The state an element shows for the current values (what the runtime passes as `state`): chosen from the value
 * bound under STATE_BINDING; null for an element without states. */
export function elementState(
  element: Pick<DesignElement, 'states'>,
  values: Readonly<Record<string, BoundValue | undefined>>,
): ElementState | null {
  return element.states ? resolveState(element.states, values[STATE_BINDING]?.value) : null;
}
