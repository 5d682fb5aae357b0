import { describe, expect, it } from 'vitest';

import { donutSegments, integerTicks, percent } from './svg-geometry';

describe('donut segments', () => {
  it('lays the slices end to end from the top, each as long as its share less the gap', () => {
    const segments = donutSegments([3, 1], 100, 2);
    expect(segments.map((s) => [s.index, s.share, s.length, s.offset])).toEqual([
      [0, 0.75, 73, -0],
      [1, 0.25, 23, -75],
    ]);
  });

  it('leaves out zero and negative values and keeps their indexes for the colours', () => {
    const segments = donutSegments([0, 5, -1, 5], 40);
    expect(segments.map((s) => [s.index, s.offset, s.length])).toEqual([
      [1, -0, 20],
      [3, -20, 20],
    ]);
  });

  it('draws a single slice as the whole circle, without a gap, and nothing for an empty total', () => {
    expect(donutSegments([0, 7], 100, 2)).toMatchObject([{ index: 1, length: 100, share: 1 }]);
    expect(donutSegments([0, 0], 100, 2)).toEqual([]);
  });

  it('keeps a tiny slice visible', () => {
    const [, tiny] = donutSegments([10_000, 1], 100, 2);
    expect(tiny!.length).toBeGreaterThan(0);
  });
});

describe('integer ticks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [4, [0, 1, 2, 3, 4]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [23, [0, 10, 20, 30]],
    [160, [0, 50, 100, 150, 200]],
  ])('%d gives %j', (max, ticks) => {
    expect(integerTicks(max)).toEqual(ticks);
  });
});

it('writes a share as a percent with one decimal', () => {
  expect(percent(1 / 3)).toBe('33.3%');
  expect(percent(1)).toBe('100%');
});
