// Where a custom menu entry leads, checked as the server checks it (system/menus/service.py): an http(s) page is shown
// framed on /customPage/view/<id>, a console route or a dashboard is navigated to. A framed page never reaches the
// console's session: the frame is sandboxed (a page of the console's own origin without allow-same-origin, so it runs
// as an opaque origin that can read no cookie), sends no referrer, and its address is the entry's, never with a token.
import { dashboardPaths } from '../dashboards/paths';
import { CUSTOM_MENU_URL_MAX } from '@/types/limits.gen';
import type { CustomMenuChild, CustomMenus } from './types';

export const CUSTOM_FRAME_BASE = '/customPage/view';
/** The sidebar's and top bar's keys of custom entries (the console's own entries are their paths). */
export const CUSTOM_KEY_PREFIX = 'custom:';

const WEB_URL = /^https?:\/\/[^\s<>"'`\\]+$/i;
const CONSOLE_ROUTE = /^\/(?:[^/\s<>"'`\\][^\s<>"'`\\]*)?$/;

/** An http(s) address with a host (no javascript:, data:, protocol-relative or malformed address). */
export function isWebUrl(value: string): boolean {
  if (!value || value.length > CUSTOM_MENU_URL_MAX || !WEB_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A path of the console ('/device/devgroup', '/index?tab=1'); never '//host', which a browser reads as a site. */
export function isConsoleRoute(value: string): boolean {
  return value.length > 0 && value.length <= CUSTOM_MENU_URL_MAX && CONSOLE_ROUTE.test(value);
}

export function framePath(id: string): string {
  return `${CUSTOM_FRAME_BASE}/${encodeURIComponent(id)}`;
}

/** Where a click on the entry goes; null for a group (it opens its entries) or an entry without a valid target. */
export function entryTarget(
  entry: Pick<CustomMenuChild, 'id' | 'kind' | 'url' | 'dashboard_id'>,
): string | null {
  if (entry.kind === 'dashboard') return entry.dashboard_id ? dashboardPaths.view(entry.dashboard_id) : null;
  if (entry.kind !== 'page') return null;
  if (isWebUrl(entry.url)) return framePath(entry.id);
  return isConsoleRoute(entry.url) ? entry.url : null;
}

/** Every entry the user sees, groups' entries after their group. */
export function allEntries(menus: CustomMenus | null | undefined): CustomMenuChild[] {
  if (!menus) return [];
  return [...menus.side, ...menus.top].flatMap((entry) => [entry, ...entry.children]);
}

export function findEntry(menus: CustomMenus | null | undefined, id: string): CustomMenuChild | undefined {
  return allEntries(menus).find((entry) => entry.id === id);
}

function sameQuery(wanted: string, search: string): boolean {
  const have = new URLSearchParams(search);
  return [...new URLSearchParams(wanted)].every(([key, value]) => have.get(key) === value);
}

/** The entry whose target is the page shown (its key is highlighted, its name titles a framed page's tab). */
export function entryAt(
  menus: CustomMenus | null | undefined,
  pathname: string,
  search: string,
): CustomMenuChild | undefined {
  return allEntries(menus).find((entry) => {
    const to = entryTarget(entry);
    if (!to) return false;
    const [path = '', query = ''] = to.split('?', 2);
    const bare = path.split('#')[0] ?? '';
    return (
      (bare.replace(/\/+$/, '') || '/') === (pathname.replace(/\/+$/, '') || '/') && sameQuery(query, search)
    );
  });
}

/** The entry a framed page's address names (/customPage/view/<id>), null for any other address. */
export function framedEntryId(pathname: string): string | null {
  const prefix = `${CUSTOM_FRAME_BASE}/`;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  try {
    return rest && !rest.includes('/') ? decodeURIComponent(rest) : null;
  } catch {
    return null;
  }
}

/** The name of the entry a framed page shows, which titles its tab and breadcrumb; null for other pages. */
export function framedEntryName(menus: CustomMenus | null | undefined, pathname: string): string | null {
  const id = framedEntryId(pathname);
  return id ? (findEntry(menus, id)?.name ?? null) : null;
}
