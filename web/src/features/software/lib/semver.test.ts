import { describe, expect, it } from 'vitest';

import { isSemver } from './semver';

describe('isSemver', () => {
  it.each([
    '2.1.0',
    '0.0.1',
    '10.20.30',
    '2.1.0-rc.1',
    '1.0.0-alpha-a.b-c',
    '1.0.0+build.7',
    '1.0.0-0.3.7+x',
  ])('takes %s', (text) => expect(isSemver(text, 32)).toBe(true));
  it.each(['', 'v2.1.0', '2.1', '02.1.0', '2.1.0.0', '2.1.0-', '2.1.0-01', '2.1.0+', ' 2.1.0', 'x'])(
    'refuses %s',
    (text) => expect(isSemver(text, 32)).toBe(false),
  );
  it('refuses what is longer than the limit', () => {
    expect(isSemver(`1.0.0+${'b'.repeat(40)}`, 32)).toBe(false);
  });
});
