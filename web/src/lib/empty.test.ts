// One empty-value mark: no screen writes its own dash for a missing value.
import { describe, expect, it } from 'vitest';

import { EMPTY, orEmpty } from './empty';

// Every source file and translation of the console as text (tests and generated files aside).
const files = import.meta.glob<string>(['../**/*.{ts,tsx,json}', '!../**/*.test.*', '!../**/*.gen.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('the empty mark', () => {
  it('stands in for null, undefined and blank, not for zero', () => {
    expect(orEmpty(null)).toBe(EMPTY);
    expect(orEmpty(undefined)).toBe(EMPTY);
    expect(orEmpty('')).toBe(EMPTY);
    expect(orEmpty(0)).toBe(0);
    expect(orEmpty('IOT0000001')).toBe('IOT0000001');
  });

  it('is the only one in the sources: no literal dash, double dash or em dash stands for a missing value', () => {
    const literal = /(\|\||\?\?|[?:]|return)\s*['"](-|--|—)['"]|^\s*['"](-|--|—)['"],?$|"none": "(-|--|—)"/m;
    const offenders = Object.entries(files)
      .filter(([path, text]) => !path.endsWith('/empty.ts') && literal.test(text))
      .map(([path]) => path);
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
