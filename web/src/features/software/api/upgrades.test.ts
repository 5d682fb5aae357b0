import { describe, expect, it } from 'vitest';

import { isLive, waveSizes } from './upgrades';

describe('waveSizes', () => {
  it('plans the waves as the server does (iotyun/software/upgrades.py wave_sizes)', () => {
    expect(waveSizes(0, 0, 100)).toEqual([]);
    expect(waveSizes(10, 0, 100)).toEqual([10]);
    expect(waveSizes(10, 10, 20)).toEqual([10]);
    expect(waveSizes(10, 1, 20)).toEqual([1, 2, 2, 2, 2, 1]);
    expect(waveSizes(3, 1, 50)).toEqual([1, 2]);
    // At least one device per wave.
    expect(waveSizes(5, 1, 1)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('isLive', () => {
  it('is true until the rollout has ended, installs under way after a cancel included', () => {
    expect(isLive(undefined)).toBe(false);
    expect(isLive({ state: 1, finished_at: null })).toBe(true);
    expect(isLive({ state: 2, finished_at: null })).toBe(true);
    expect(isLive({ state: 3, finished_at: null })).toBe(true);
    expect(isLive({ state: 3, finished_at: 1 })).toBe(false);
    expect(isLive({ state: 4, finished_at: 1 })).toBe(false);
  });
});
