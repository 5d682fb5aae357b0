import { describe, expect, it } from 'vitest';

import { isBuiltInRole, tagColor } from './tags';

describe('user tag colours (SPEC §3)', () => {
  it('maps organisation, role and user tags to warning, danger and success', () => {
    expect(tagColor(2)).toBe('warning');
    expect(tagColor(3)).toBe('error');
    expect(tagColor(4)).toBe('success');
  });

  it('falls back to the default colour for unknown kinds', () => {
    expect(tagColor(1)).toBe('default');
    expect(tagColor(9)).toBe('default');
  });

  it('knows the built-in role codes', () => {
    expect(isBuiltInRole('administrator')).toBe(true);
    expect(isBuiltInRole('administrator2')).toBe(true);
    expect(isBuiltInRole('operators')).toBe(false);
    expect(isBuiltInRole(null)).toBe(false);
  });
});
