// Sidebar menu data from the allowed routes (pure, tested without a DOM).
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';

import { MENU_ICONS } from '@/components/menu-icons';
import type { AppRoute } from '@/types/route';
import { joinPath } from '../guard';

export type MenuItem = Required<MenuProps>['items'][number];

/** Visible entries only; a group without any visible child the user may open disappears. */
export function buildMenuItems(routes: readonly AppRoute[], t: TFunction, parent = ''): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes) {
    if (route.hidden || !route.menu) continue;
    const key = joinPath(parent, route.path);
    const Icon = route.icon && MENU_ICONS[route.icon];
    const icon = Icon ? <Icon /> : undefined;
    const children = buildMenuItems(route.children ?? [], t, key);
    if (children.length > 0) items.push({ key, icon, label: t(route.menu), children });
    else if (route.lazy) items.push({ key, icon, label: t(route.menu) });
  }
  return items;
}

/** Keys (absolute paths) of the menu's pages. */
export function menuLeafKeys(routes: readonly AppRoute[], parent = ''): string[] {
  const keys: string[] = [];
  for (const route of routes) {
    if (route.hidden || !route.menu) continue;
    const key = joinPath(parent, route.path);
    const children = menuLeafKeys(route.children ?? [], key);
    if (children.length > 0) keys.push(...children);
    else if (route.lazy) keys.push(key);
  }
  return keys;
}

/** The menu entry to highlight for a path: the longest page key equal to it or above it. */
export function selectedMenuKey(routes: readonly AppRoute[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const key of menuLeafKeys(routes)) {
    if ((pathname === key || pathname.startsWith(`${key}/`)) && key.length > (best?.length ?? 0)) best = key;
  }
  return best;
}

/** '/a/b/c' → ['/a', '/a/b']. */
export function ancestorKeys(key: string | undefined): string[] {
  if (!key) return [];
  const parts = key.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}
