import { describe, expect, it } from 'vitest';

import type { ElementStates } from '../model/types';
import { resolveState } from './states';
import {
  addState,
  defaultStates,
  duplicateState,
  moveState,
  removeState,
  setStatesBy,
  updateState,
} from './states-edit';

const two = defaultStates();

function many(count: number): ElementStates {
  return { by: 'bit', items: Array.from({ length: count }, (_, i) => ({ bit: i % 64, isUnderline: false })) };
}

describe('states edits', () => {
  it('starts with two states that split at 1', () => {
    expect(two.items).toHaveLength(2);
    expect(resolveState(two, 0)).toBe(two.items[0]);
    expect(resolveState(two, 1)).toBe(two.items[1]);
  });

  it('adds a state after the last range, up to 255', () => {
    const three = addState(two);
    expect(three.items).toHaveLength(3);
    expect(three.items[2]).toEqual({ min: 2, isUnderline: false });
    expect(addState(many(255)).items).toHaveLength(255);
    expect(addState(many(254)).items).toHaveLength(255);
  });

  it('adds the next bit by bit', () => {
    expect(addState(many(3)).items[3]?.bit).toBe(3);
  });

  it('removes a state but never below 2', () => {
    expect(removeState(two, 0)).toBe(two);
    const three = addState(two);
    expect(removeState(three, 0).items).toEqual([two.items[1], three.items[2]]);
    expect(removeState(three, 7)).toBe(three);
  });

  it('duplicates a state next to it, as a copy', () => {
    const copied = duplicateState(two, 0);
    expect(copied.items).toHaveLength(3);
    expect(copied.items[1]).toEqual(two.items[0]);
    expect(copied.items[1]).not.toBe(two.items[0]);
    expect(duplicateState(many(255), 0).items).toHaveLength(255);
  });

  it('moves a state up and down, not past the ends', () => {
    const moved = moveState(two, 0, 1);
    expect(moved.items).toEqual([two.items[1], two.items[0]]);
    expect(moveState(two, 0, -1)).toBe(two);
    expect(moveState(two, 1, 1)).toBe(two);
  });

  it('updates one state', () => {
    const changed = updateState(two, 1, { text: '运行' });
    expect(changed.items[1]?.text).toBe('运行');
    expect(changed.items[0]).toBe(two.items[0]);
  });

  it('switches to bits and back, keeping each look', () => {
    const bits = setStatesBy(two, 'bit');
    expect(bits.items.map((item) => item.bit)).toEqual([0, 1]);
    expect(bits.items[1]?.backgroundColor).toBe(two.items[1]?.backgroundColor);
    expect(bits.items[0]).not.toHaveProperty('max');
    const values = setStatesBy(bits, 'value');
    expect(values.items.map((item) => [item.min, item.max])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});
