import { describe, expect, it } from 'vitest';

import type { GroupNode, PermissionNode } from '../types';
import {
  ancestorsOf,
  descendantsOf,
  findGroup,
  flattenGroups,
  groupAncestorIds,
  groupTreeData,
  indexPermissions,
  orderedCodes,
  permissionTreeData,
  toggleCode,
} from './tree';

const nodes: PermissionNode[] = [
  { code: 'P00000', parent: null, zh: '控制台', en: 'Console', route: '/' },
  { code: 'P10000', parent: 'P00000', zh: '首页', en: 'Home', route: '/index' },
  { code: 'P30000', parent: 'P00000', zh: '设备管理', en: 'Devices', route: '/device' },
  { code: 'P31000', parent: 'P30000', zh: '设备分组', en: 'Device groups', route: '/device/devgroup' },
  { code: 'P32000', parent: 'P30000', zh: '虚拟设备', en: 'Virtual devices', route: '/device/virtualDevice' },
  { code: 'P99999', parent: 'PXXXXX', zh: '孤儿', en: 'Orphan', route: null },
];
const index = indexPermissions(nodes);

describe('permission tree data', () => {
  it('nests the flat list by parent, titled in the language, orphans at the root', () => {
    const data = permissionTreeData(nodes, 'en');
    expect(data.map((n) => n.key)).toEqual(['P00000', 'P99999']);
    expect(data[0]).toMatchObject({
      key: 'P00000',
      title: 'Console',
      children: [
        { key: 'P10000', title: 'Home' },
        { key: 'P30000', title: 'Devices', children: [{ key: 'P31000' }, { key: 'P32000' }] },
      ],
    });
    expect(data[0]!.children![0]!.children).toBeUndefined();
    expect(permissionTreeData(nodes, 'zh')[0]!.title).toBe('控制台');
  });

  it('marks locked codes as disabled', () => {
    const data = permissionTreeData(nodes, 'zh', new Set(['P10000']));
    expect(data[0]!.disabled).toBeUndefined();
    expect(data[0]!.children![0]).toMatchObject({ key: 'P10000', disabled: true });
  });

  it('finds ancestors and descendants', () => {
    expect(ancestorsOf(index, 'P31000')).toEqual(['P30000', 'P00000']);
    expect(descendantsOf(index, 'P30000').sort()).toEqual(['P31000', 'P32000']);
    expect(descendantsOf(index, 'P10000')).toEqual([]);
  });

  it('checking a page checks its menu group and the console; a group checks its pages', () => {
    expect([...toggleCode(index, new Set(), 'P31000', true)].sort()).toEqual(['P00000', 'P30000', 'P31000']);
    expect([...toggleCode(index, new Set(), 'P30000', true)].sort()).toEqual([
      'P00000',
      'P30000',
      'P31000',
      'P32000',
    ]);
  });

  it('unchecking clears descendants and ancestors left empty, but keeps locked codes', () => {
    const all = new Set(['P00000', 'P30000', 'P31000', 'P32000']);
    expect([...toggleCode(index, all, 'P31000', false)].sort()).toEqual(['P00000', 'P30000', 'P32000']);
    expect([...toggleCode(index, new Set(['P00000', 'P30000', 'P31000']), 'P31000', false)]).toEqual([]);
    expect([...toggleCode(index, all, 'P30000', false, new Set(['P32000']))].sort()).toEqual([
      'P00000',
      'P30000',
      'P32000',
    ]);
  });

  it('orders codes as the tree lists them and drops unknown ones', () => {
    expect(orderedCodes(nodes, new Set(['P31000', 'P00000', 'NOPE']))).toEqual(['P00000', 'P31000']);
  });
});

const groups: GroupNode[] = [
  {
    id: 1,
    name: 'HQ',
    parent_id: null,
    user_count: 3,
    children: [
      { id: 2, name: 'Plant A', parent_id: 1, user_count: 1, children: [] },
      {
        id: 3,
        name: 'Plant B',
        parent_id: 1,
        user_count: 0,
        children: [{ id: 4, name: 'Line 1', parent_id: 3, user_count: 2, children: [] }],
      },
    ],
  },
];

describe('group tree data', () => {
  it('maps groups to antd tree nodes keyed by id, leaves without children', () => {
    const data = groupTreeData(groups, (g) => `${g.name} (${g.user_count})`);
    expect(data[0]).toMatchObject({ key: 1, value: 1, title: 'HQ (3)', name: 'HQ', userCount: 3 });
    expect(data[0]!.children!.map((c) => c.key)).toEqual([2, 3]);
    expect(data[0]!.children![0]!.children).toBeUndefined();
    expect(data[0]!.children![1]!.children![0]!.title).toBe('Line 1 (2)');
  });

  it('flattens, finds and walks up the tree', () => {
    expect(flattenGroups(groups).map((g) => g.id)).toEqual([1, 2, 3, 4]);
    expect(findGroup(groups, 4)?.name).toBe('Line 1');
    expect(findGroup(groups, 9)).toBeUndefined();
    expect(groupAncestorIds(groups, 4)).toEqual([3, 1]);
    expect(groupAncestorIds(groups, 1)).toEqual([]);
  });
});
