import { describe, expect, it } from 'vitest';

import type { ScreenOut } from '../types';
import { moveId, screensOf } from './screens';

const screen = (id: number, kind: 'web' | 'mobile', sort: number): ScreenOut => ({
  id,
  template_id: 1,
  kind,
  name: `s${id}`,
  is_main: false,
  sort,
  schema_version: 1,
  updated_at: 0,
  width: 1120,
  height: 630,
  revision: 1,
  saved_at: 0,
});

describe('screens', () => {
  it('lists one kind in its order', () => {
    const all = [screen(3, 'web', 2), screen(1, 'web', 0), screen(2, 'mobile', 0), screen(4, 'web', 2)];
    expect(screensOf(all, 'web').map((s) => s.id)).toEqual([1, 3, 4]);
    expect(screensOf(all, 'mobile').map((s) => s.id)).toEqual([2]);
  });

  it('moves a screen up or down', () => {
    expect(moveId([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 0, -1)).toBeNull();
    expect(moveId([1, 2, 3], 2, 1)).toBeNull();
    expect(moveId([], 0, 1)).toBeNull();
  });
});
