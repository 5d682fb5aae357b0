import { describe, expect, it } from 'vitest';

import type { DataSourceGroupOut } from '../types-data-source';
import { groupLabel, isDefaultGroup, sortGroups } from './data-source-groups';

const g = (id: number, name: string, sort: number, is_default?: boolean): DataSourceGroupOut => ({
  id,
  template_id: 1,
  name,
  sort,
  count: 0,
  ...(is_default === undefined ? {} : { is_default }),
});

describe('data source groups', () => {
  it('lists the default group first, then by sort', () => {
    const sorted = sortGroups([g(3, 'b', 2), g(1, 'a', 5), g(2, '默认分组', 9, true)]);
    expect(sorted.map((x) => x.id)).toEqual([2, 3, 1]);
  });
  it('knows the default group by flag, or by its name when the flag is missing', () => {
    expect(isDefaultGroup(g(1, '默认分组', 0))).toBe(true);
    expect(isDefaultGroup(g(1, 'x', 0, true))).toBe(true);
    expect(isDefaultGroup(g(1, '默认分组', 0, false))).toBe(false);
  });
  it('shows the default name in the UI language', () => {
    expect(groupLabel(g(1, '默认分组', 0, true), 'Default group')).toBe('Default group');
    expect(groupLabel(g(1, 'Pumps', 0), 'Default group')).toBe('Pumps');
  });
});
