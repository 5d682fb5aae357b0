// The console draws every icon the server accepts for a custom menu entry, and no other.
import { describe, expect, it } from 'vitest';

import { CUSTOM_MENU_ICONS } from '@/types/limits.gen';
import { CUSTOM_ICONS } from './icons';

describe('custom menu icons', () => {
  it('are exactly the names the server accepts', () => {
    expect(Object.keys(CUSTOM_ICONS).sort()).toEqual([...CUSTOM_MENU_ICONS].sort());
  });
});
