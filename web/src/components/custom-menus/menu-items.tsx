// The tenant's entries as antd menu items (pure, tested without a DOM): the sidebar's under its title, the top bar's
// in the header (on a phone, in the menu drawer under the top bar's title). Keys are `custom:<id>`; a click is turned
// into the entry's address by `customTarget`.
import type { MenuProps } from 'antd';

import { CUSTOM_KEY_PREFIX, entryAt, entryTarget, findEntry, isWebUrl } from '@/lib/custom-menus/targets';
import type { CustomMenuChild, CustomMenuEntry, CustomMenus } from '@/lib/custom-menus/types';
import { CustomIcon } from './icons';

export type CustomMenuItem = Required<MenuProps>['items'][number];

export const SIDE_GROUP_KEY = 'custom-side';
export const TOP_GROUP_KEY = 'custom-top';

/** The icon a first-level entry shows when it names none: the collapsed sidebar shows icons only. */
export function defaultIcon(entry: Pick<CustomMenuChild, 'kind' | 'url'>): string {
  if (entry.kind === 'group') return 'AppstoreOutlined';
  if (entry.kind === 'dashboard') return 'DashboardOutlined';
  return isWebUrl(entry.url) ? 'LinkOutlined' : 'LayoutOutlined';
}

export const customKey = (id: string) => `${CUSTOM_KEY_PREFIX}${id}`;

function item(entry: CustomMenuChild, firstLevel: boolean): CustomMenuItem {
  const name = entry.icon ?? (firstLevel ? defaultIcon(entry) : null);
  return { key: customKey(entry.id), icon: name ? <CustomIcon name={name} /> : undefined, label: entry.name };
}

/** Entries as menu items: a group as a sub-menu of its entries (a group without any is left out). */
export function customMenuItems(entries: readonly CustomMenuEntry[]): CustomMenuItem[] {
  const items: CustomMenuItem[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'group') {
      items.push(item(entry, true));
    } else if (entry.children.length > 0) {
      const children = entry.children.map((child) => item(child, false));
      items.push({ ...item(entry, true), children } as CustomMenuItem);
    }
  }
  return items;
}

/** The sidebar's part of the custom menus: its entries under the sidebar's title (and, on a phone, the top bar's
 * under its title); nothing without a configuration. */
export function customSideItems(menus: CustomMenus | null | undefined, withTop = false): CustomMenuItem[] {
  if (!menus) return [];
  const groups: CustomMenuItem[] = [];
  const side = customMenuItems(menus.side);
  if (side.length > 0)
    groups.push({ type: 'group', key: SIDE_GROUP_KEY, label: menus.sidebar_title, children: side });
  const top = withTop ? customMenuItems(menus.top) : [];
  if (top.length > 0)
    groups.push({ type: 'group', key: TOP_GROUP_KEY, label: menus.top_bar_title, children: top });
  return groups;
}

/** The address a custom key opens, null for a key that is not a custom entry's (a console route's path). */
export function customTarget(menus: CustomMenus | null | undefined, key: string): string | null {
  if (!key.startsWith(CUSTOM_KEY_PREFIX)) return null;
  const entry = findEntry(menus, key.slice(CUSTOM_KEY_PREFIX.length));
  return entry ? entryTarget(entry) : null;
}

/** The key of the custom entry the page shown belongs to, and the key of its group when it is in one. */
export function customSelection(
  menus: CustomMenus | null | undefined,
  pathname: string,
  search: string,
): { selected: string; group: string | null } | null {
  const entry = entryAt(menus, pathname, search);
  if (!entry || !menus) return null;
  const parent = [...menus.side, ...menus.top].find((e) => e.children.some((c) => c.id === entry.id));
  return { selected: customKey(entry.id), group: parent ? customKey(parent.id) : null };
}
