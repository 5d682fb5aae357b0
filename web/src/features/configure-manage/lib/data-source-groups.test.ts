import { describe, expect, it } from 'vitest';

import type { DataSourceGroupOut } from '../types-data-source';
import { sortGroups } from './data-source-groups';

const g = (id: number, name: string, sort: number, is_default = false): DataSourceGroupOut => ({
  id,
  template_id: 1,
  name,
  sort,
  count: 0,
  is_default,
});

describe('data source groups', () => {
  it('lists the default group first by its flag, whatever its name, then by sort', () => {
    const sorted = sortGroups([g(3, 'b', 2), g(1, 'Default group', 5), g(2, 'Pumps', 9, true)]);
    expect(sorted.map((x) => x.id)).toEqual([2, 3, 1]);
  });
});
