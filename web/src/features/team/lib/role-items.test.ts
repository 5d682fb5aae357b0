import { describe, expect, it } from 'vitest';

import { DEVICE_ITEMS, TEMPLATE_ITEMS } from '@/types/permissions.gen';
import { TEMPLATE_PERMISSION_ITEMS_MAX } from '@/types/limits.gen';
import { normalizeRoleItems, ROLE_DEVICE_ITEMS, ROLE_TEMPLATE_ITEMS, TEMPLATE_ALWAYS } from './role-items';

describe('role items', () => {
  it("are the server's catalogue, labelled and explained in both languages, within SPEC's 15", () => {
    expect(ROLE_DEVICE_ITEMS.map((i) => i.code)).toEqual(DEVICE_ITEMS.map((i) => i.code));
    expect(ROLE_TEMPLATE_ITEMS.length).toBeLessThanOrEqual(TEMPLATE_PERMISSION_ITEMS_MAX);
    for (const item of [...DEVICE_ITEMS, ...TEMPLATE_ITEMS]) {
      expect([item.zh, item.en, item.zh_hint, item.en_hint].every((text) => text.length > 0)).toBe(true);
    }
  });

  it('are sent as known items only, once each, in the catalogue order, with the one always held', () => {
    expect(normalizeRoleItems(ROLE_DEVICE_ITEMS, ['write', 'bogus', 'history', 'write'])).toEqual([
      'history',
      'write',
    ]);
    expect(normalizeRoleItems(ROLE_TEMPLATE_ITEMS, ['publish'], TEMPLATE_ALWAYS)).toEqual([
      'view',
      'publish',
    ]);
    expect(normalizeRoleItems(ROLE_TEMPLATE_ITEMS, undefined, TEMPLATE_ALWAYS)).toEqual(['view']);
  });
});
