import { describe, expect, it } from 'vitest';

import type { ElementState, ElementStates } from '../model/types';
import { resolveState, stateValue } from './states';

function state(change: Partial<ElementState>): ElementState {
  return { isUnderline: false, ...change };
}

const byValue: ElementStates = {
  by: 'value',
  items: [
    state({ max: 10, text: 'low' }),
    state({ min: 10, max: 20, text: 'mid' }),
    state({ min: 20, text: 'high' }),
  ],
};

const byBit: ElementStates = {
  by: 'bit',
  items: [
    state({ bit: 0, text: 'run' }),
    state({ bit: 3, text: 'fault' }),
    state({ bit: 40, text: 'high bit' }),
  ],
};

describe('resolveState by value', () => {
  it('picks the range the value falls in', () => {
    expect(resolveState(byValue, 5)?.text).toBe('low');
    expect(resolveState(byValue, 15)?.text).toBe('mid');
    expect(resolveState(byValue, 1e9)?.text).toBe('high');
    expect(resolveState(byValue, -1e9)?.text).toBe('low');
  });

  it('takes min as inclusive and max as exclusive, so adjacent ranges never overlap', () => {
    expect(resolveState(byValue, 10)?.text).toBe('mid');
    expect(resolveState(byValue, 9.999)?.text).toBe('low');
    expect(resolveState(byValue, 20)?.text).toBe('high');
  });

  it('takes the first matching state when ranges overlap', () => {
    const overlapping: ElementStates = {
      by: 'value',
      items: [state({ min: 0, max: 100, text: 'a' }), state({ min: 50, max: 60, text: 'b' })],
    };
    expect(resolveState(overlapping, 55)?.text).toBe('a');
  });

  it('is null when no range matches', () => {
    const gap: ElementStates = { by: 'value', items: [state({ min: 0, max: 1 }), state({ min: 2, max: 3 })] };
    expect(resolveState(gap, 1.5)).toBeNull();
    expect(resolveState(gap, 3)).toBeNull();
  });

  it('reads a numeric string and refuses any other', () => {
    expect(resolveState(byValue, '15')?.text).toBe('mid');
    expect(resolveState(byValue, 'on')).toBeNull();
    expect(resolveState(byValue, '')).toBeNull();
  });

  it('is null for a missing value or no states', () => {
    expect(resolveState(byValue, null)).toBeNull();
    expect(resolveState(byValue, undefined)).toBeNull();
    expect(resolveState(null, 5)).toBeNull();
    expect(resolveState(byValue, Number.NaN)).toBeNull();
  });
});

describe('resolveState by bit', () => {
  it('picks the first state whose bit is set', () => {
    expect(resolveState(byBit, 0b1)?.text).toBe('run');
    expect(resolveState(byBit, 0b1000)?.text).toBe('fault');
    expect(resolveState(byBit, 0b1001)?.text).toBe('run');
  });

  it('reads bits above 31', () => {
    expect(resolveState(byBit, 2 ** 40)?.text).toBe('high bit');
  });

  it('reads a negative integer as its 64-bit two’s complement', () => {
    expect(resolveState(byBit, -1)?.text).toBe('run');
    expect(resolveState(byBit, -2)?.text).toBe('fault');
  });

  it('is null when no listed bit is set, for a fraction and for a missing value', () => {
    expect(resolveState(byBit, 0b0110)).toBeNull();
    expect(resolveState(byBit, 0)).toBeNull();
    expect(resolveState(byBit, 1.5)).toBeNull();
    expect(resolveState(byBit, null)).toBeNull();
  });
});

describe('stateValue', () => {
  it('is the number of a value, or null', () => {
    expect(stateValue(3)).toBe(3);
    expect(stateValue(' 2.5 ')).toBe(2.5);
    expect(stateValue('x')).toBeNull();
    expect(stateValue(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
