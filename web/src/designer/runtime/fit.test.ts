import { afterEach, describe, expect, it } from 'vitest';

import { DEFAULT_FIT, FIT_STORAGE_KEY, fitScaleFor, storedFit } from './fit';

afterEach(() => {
  window.localStorage.removeItem(FIT_STORAGE_KEY);
});

describe('fitScaleFor', () => {
  const sheet = { width: 800, height: 600 };
  it('fits the whole sheet, its width or its height', () => {
    const box = { width: 400, height: 600 };
    expect(fitScaleFor('contain', sheet, box)).toBe(0.5);
    expect(fitScaleFor('width', sheet, box)).toBe(0.5);
    expect(fitScaleFor('height', sheet, box)).toBe(1);
    // A phone held upright: by width the sheet is readable and scrolls down.
    expect(fitScaleFor('width', sheet, { width: 390, height: 200 })).toBeCloseTo(0.4875);
    expect(fitScaleFor('contain', sheet, { width: 390, height: 200 })).toBeCloseTo(1 / 3);
  });

  it('is 1 before the box is measured', () => {
    expect(fitScaleFor('width', sheet, null)).toBe(1);
    expect(fitScaleFor('height', sheet, { width: 0, height: 0 })).toBe(1);
  });
});

describe('storedFit', () => {
  it('reads the choice kept, and the default for nothing or anything else', () => {
    expect(storedFit()).toBe(DEFAULT_FIT);
    window.localStorage.setItem(FIT_STORAGE_KEY, 'height');
    expect(storedFit()).toBe('height');
    window.localStorage.setItem(FIT_STORAGE_KEY, 'stretch');
    expect(storedFit()).toBe(DEFAULT_FIT);
  });
});
