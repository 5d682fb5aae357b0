// Fitting text to its box: the scale from one measurement, whatever scale the content was measured at.
import { describe, expect, it } from 'vitest';

import { fitScale } from './use-fit-scale';

describe('fitScale', () => {
  it('shrinks content wider or taller than its box to fit, by the tighter side', () => {
    expect(fitScale({ width: 100, height: 100 }, { width: 200, height: 50 }, 1)).toBe(0.5);
    expect(fitScale({ width: 300, height: 40 }, { width: 200, height: 80 }, 1)).toBe(0.5);
  });

  it('grows content up to max, never past it', () => {
    expect(fitScale({ width: 400, height: 400 }, { width: 100, height: 50 }, 1)).toBe(1);
    expect(fitScale({ width: 400, height: 400 }, { width: 100, height: 50 }, 1, { max: 3 })).toBe(3);
    expect(fitScale({ width: 250, height: 400 }, { width: 100, height: 50 }, 1, { max: 3 })).toBe(2.5);
  });

  it('measures from any current scale: content laid out at 2 is half as large at 1', () => {
    // 200 × 100 at scale 2 is 100 × 50 at 1: a 150 × 150 box takes it at 1.5.
    expect(fitScale({ width: 150, height: 150 }, { width: 200, height: 100 }, 2, { max: 4 })).toBe(1.5);
  });

  it('stops at min, and gives nothing while the box or the content has no size', () => {
    expect(fitScale({ width: 10, height: 10 }, { width: 1000, height: 1000 }, 1, { min: 0.2 })).toBe(0.2);
    expect(fitScale({ width: 0, height: 100 }, { width: 10, height: 10 }, 1)).toBeNull();
    expect(fitScale({ width: 100, height: 100 }, { width: 0, height: 10 }, 1)).toBeNull();
  });
});
