// The tenant's entries as the sidebar and the top bar draw them, built from the server's answer.
import { describe, expect, it } from 'vitest';

import type { CustomMenus } from '@/lib/custom-menus/types';
import { customMenuItems, customSelection, customSideItems, customTarget } from './menu-items';

const entry = (id: string, name: string, over: Partial<CustomMenus['side'][number]> = {}) => ({
  id,
  name,
  kind: 'page' as const,
  url: 'https://example.com/',
  dashboard_id: null,
  icon: null,
  children: [],
  ...over,
});

const menus: CustomMenus = {
  sidebar_title: '我的页面',
  top_bar_title: '快捷入口',
  side: [
    entry('a', '看板'),
    entry('g', '分组', {
      kind: 'group',
      url: '',
      children: [{ id: 'd', name: '总览', kind: 'dashboard', url: '', dashboard_id: 3, icon: null }],
    }),
    entry('empty', '空分组', { kind: 'group', url: '' }),
  ],
  top: [entry('r', '设备', { url: '/device/devgroup', icon: 'ClusterOutlined' })],
};

describe('custom menu items', () => {
  it('puts the sidebar entries under its title, a group as a sub-menu, an empty group nowhere', () => {
    const [group] = customSideItems(menus);
    expect(group).toMatchObject({ type: 'group', label: '我的页面' });
    const children = (group as { children: { key: string; label: string; children?: unknown[] }[] }).children;
    expect(children.map((c) => [c.key, c.label])).toEqual([
      ['custom:a', '看板'],
      ['custom:g', '分组'],
    ]);
    expect((children[1]!.children as { key: string }[]).map((c) => c.key)).toEqual(['custom:d']);
  });

  it('adds the top bar entries under its title only for the phone drawer', () => {
    expect(customSideItems(menus)).toHaveLength(1);
    const both = customSideItems(menus, true);
    expect(both.map((g) => (g as { label: string }).label)).toEqual(['我的页面', '快捷入口']);
    expect(customMenuItems(menus.top).map((i) => i?.key)).toEqual(['custom:r']);
  });

  it('shows nothing without a configuration', () => {
    expect(customSideItems(null)).toEqual([]);
    expect(customSideItems({ ...menus, side: [], top: [] }, true)).toEqual([]);
  });

  it('turns a click into the entry address, and leaves the console keys alone', () => {
    expect(customTarget(menus, 'custom:a')).toBe('/customPage/view/a');
    expect(customTarget(menus, 'custom:d')).toBe('/dashboard/view?id=3');
    expect(customTarget(menus, 'custom:r')).toBe('/device/devgroup');
    expect(customTarget(menus, 'custom:gone')).toBeNull();
    expect(customTarget(menus, '/device/devgroup')).toBeNull();
  });

  it('highlights the entry of the page shown and opens its group', () => {
    expect(customSelection(menus, '/dashboard/view', '?id=3')).toEqual({
      selected: 'custom:d',
      group: 'custom:g',
    });
    expect(customSelection(menus, '/customPage/view/a', '')).toEqual({ selected: 'custom:a', group: null });
    expect(customSelection(menus, '/index', '')).toBeNull();
  });
});
