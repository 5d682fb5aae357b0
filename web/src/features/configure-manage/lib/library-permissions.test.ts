import { describe, expect, it } from 'vitest';

import {
  bindableTemplates,
  checkShare,
  cleanAccounts,
  DEFAULT_SHARE_ITEMS,
  holds,
  isPermissionItem,
  normalizeItems,
  PERMISSION_ITEMS,
} from './library-permissions';

describe('permission items', () => {
  it('follow the generated catalogue, view first', () => {
    expect(PERMISSION_ITEMS[0]).toBe('view');
    expect(PERMISSION_ITEMS).toContain('data_source');
    expect(DEFAULT_SHARE_ITEMS.every(isPermissionItem)).toBe(true);
  });

  it('normalize: known only, view added, catalogue order, once each', () => {
    expect(normalizeItems(['publish', 'bogus', 'copy', 'copy'])).toEqual(['view', 'copy', 'publish']);
    expect(normalizeItems([])).toEqual(['view']);
  });

  it('holds reads the template permissions', () => {
    expect(holds({ permissions: ['view', 'copy'] }, 'copy')).toBe(true);
    expect(holds({ permissions: ['view'] }, 'bind')).toBe(false);
  });
});

describe('bindableTemplates', () => {
  it('keeps own templates and received ones with bind', () => {
    const list = [
      { id: 1, relation: 'owner' as const, permissions: [] },
      { id: 2, relation: 'share' as const, permissions: ['view', 'bind'] },
      { id: 3, relation: 'share' as const, permissions: ['view', 'copy'] },
    ];
    expect(bindableTemplates(list).map((t) => t.id)).toEqual([1, 2]);
  });
});

describe('share checks', () => {
  const ctx = { self: ['admin'], existing: ['operator'], remaining: 1 };

  it('cleans accounts: trimmed, blanks dropped, once case-insensitively', () => {
    expect(cleanAccounts([' bob ', '', 'BOB', 'ann'])).toEqual(['bob', 'ann']);
  });

  it('requires an account', () => {
    expect(checkShare(['  '], ['view'], ctx)).toEqual({ problem: 'required' });
  });

  it('refuses sharing with oneself', () => {
    expect(checkShare(['Admin'], ['view'], ctx)).toEqual({ problem: 'self', account: 'Admin' });
  });

  it('counts only new receivers against the quota', () => {
    expect(checkShare(['operator', 'bob'], ['view'], ctx)).toBeNull();
    expect(checkShare(['bob', 'ann'], ['view'], ctx)).toEqual({ problem: 'quota' });
    expect(checkShare(['bob', 'ann'], ['view'], { ...ctx, remaining: null })).toBeNull();
  });
});
