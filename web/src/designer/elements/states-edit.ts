// The states list's edits (StatesEditor): pure, each returns a new list within 2–255 states (SPEC §5), or the same
// list when the edit would leave that range or names no state.
import { ELEMENT_STATES_MAX, ELEMENT_STATES_MIN } from '@/types/limits.gen';

import type { ElementState, ElementStates } from '../model/types';

/** A new element's two states: off below 1, on from 1 (a pump's run signal, a light). */
export function defaultStates(on = '#00b42a', off = '#c9cdd4'): ElementStates {
  return {
    by: 'value',
    items: [
      { max: 1, backgroundColor: off, isUnderline: false },
      { min: 1, backgroundColor: on, isUnderline: false },
    ],
  };
}

/** A state for the list's end: by value, it starts where the last one's range does (or ends); by bit, the next bit. */
export function newState(states: ElementStates): ElementState {
  const last = states.items.at(-1);
  if (states.by === 'bit') {
    const bits = states.items.map((item) => item.bit ?? -1);
    return { bit: Math.min(63, Math.max(-1, ...bits) + 1), isUnderline: false };
  }
  const from = last?.max ?? (last?.min != null ? last.min + 1 : 0);
  return { min: from, isUnderline: false };
}

export function addState(states: ElementStates): ElementStates {
  if (states.items.length >= ELEMENT_STATES_MAX) return states;
  return { ...states, items: [...states.items, newState(states)] };
}

export function removeState(states: ElementStates, index: number): ElementStates {
  if (states.items.length <= ELEMENT_STATES_MIN || !(index in states.items)) return states;
  return { ...states, items: states.items.filter((_, i) => i !== index) };
}

export function duplicateState(states: ElementStates, index: number): ElementStates {
  const item = states.items[index];
  if (states.items.length >= ELEMENT_STATES_MAX || !item) return states;
  const items = [...states.items];
  items.splice(index + 1, 0, structuredClone(item));
  return { ...states, items };
}

/** Moves a state one place up (-1) or down (+1): order decides which of overlapping states wins (states.ts). */
export function moveState(states: ElementStates, index: number, step: -1 | 1): ElementStates {
  const target = index + step;
  const item = states.items[index];
  const other = states.items[target];
  if (!item || !other) return states;
  const items = [...states.items];
  items[target] = item;
  items[index] = other;
  return { ...states, items };
}

export function updateState(
  states: ElementStates,
  index: number,
  change: Partial<ElementState>,
): ElementStates {
  const item = states.items[index];
  if (!item) return states;
  return { ...states, items: states.items.map((state, i) => (i === index ? { ...item, ...change } : state)) };
}

/** Switches between by value and by bit; each state keeps its look, and takes bits 0, 1, … (or consecutive ranges). */
export function setStatesBy(states: ElementStates, by: ElementStates['by']): ElementStates {
  if (states.by === by) return states;
  const items = states.items.map((item, i) => {
    const look = { ...item };
    delete look.min;
    delete look.max;
    delete look.bit;
    return by === 'bit' ? { ...look, bit: Math.min(i, 63) } : { ...look, min: i, max: i + 1 };
  });
  return { by, items };
}
