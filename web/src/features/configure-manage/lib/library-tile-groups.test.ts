import { describe, expect, it } from 'vitest';

import type { TileGroup } from '../types-library';
import { canDeleteGroup, groupNameProblem, groupTemplates, TILE_GROUP_NAME_MAX } from './library-tile-groups';

const groups: TileGroup[] = [
  { id: 2, name: 'Pumps', count: 1, sort: 1 },
  { id: 1, name: 'Boilers', count: 0, sort: 1 },
  { id: 3, name: 'First', count: 0, sort: 0 },
];

describe('groupTemplates', () => {
  it('orders groups by sort then id and files templates by name', () => {
    const templates = [
      { id: 10, name: 'b', group_id: 2 },
      { id: 11, name: 'a', group_id: 2 },
      { id: 12, name: 'c', group_id: null },
      { id: 13, name: 'd', group_id: 99 },
    ];
    const out = groupTemplates(groups, templates);
    expect(out.groups.map((g) => g.group.id)).toEqual([3, 1, 2]);
    expect(out.groups[2]?.templates.map((t) => t.id)).toEqual([11, 10]);
    expect(out.groups[0]?.templates).toEqual([]);
    expect(out.ungrouped.map((t) => t.id)).toEqual([12, 13]);
  });
});

describe('groupNameProblem', () => {
  it('requires a name within the limit, unique among the caller groups', () => {
    expect(groupNameProblem('  ', groups)).toBe('required');
    expect(groupNameProblem('x'.repeat(TILE_GROUP_NAME_MAX + 1), groups)).toBe('tooLong');
    expect(groupNameProblem('组'.repeat(TILE_GROUP_NAME_MAX), groups)).toBeNull();
    expect(groupNameProblem(' Pumps ', groups)).toBe('duplicate');
    expect(groupNameProblem('Pumps', groups, 2)).toBeNull();
    expect(groupNameProblem('pumps', groups)).toBeNull();
  });
});

describe('canDeleteGroup', () => {
  it('only an empty group', () => {
    expect(canDeleteGroup({ count: 0 }, 0)).toBe(true);
    expect(canDeleteGroup({ count: 1 }, 0)).toBe(false);
    expect(canDeleteGroup({ count: 0 }, 2)).toBe(false);
  });
});
