// The console's tab list: one tab per page (its pathname), whose address follows the page's query string, with the
// home page pinned first. Pure functions; lib/session.ts keeps the list and its cookie.

export interface NavTab {
  /** Unique name of the tab: the pathname of the page it shows. */
  name: string;
  /** The address the tab opens: the pathname with the page's last query string. */
  url: string;
  /** i18n key of its title. */
  titleKey: string;
}

/** The home page (SPEC §2: /index), pinned first and never closed. */
export const HOME_TAB: NavTab = { name: '/index', url: '/index', titleKey: 'menu.index' };

/** The tab name of a pathname: trailing slashes (but the root's) dropped, the query string left out. */
export function tabNameOf(path: string): string {
  const [pathname = ''] = path.split(/[?#]/, 1);
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The list with `tab` in it: a tab of the same page takes the new address and title in its place (a query-string
 * change is the same page, not a new tab); a new page is added at the end. Beyond `max` tabs the oldest go first,
 * never home.
 */
export function upsertTab(list: readonly NavTab[], tab: NavTab, max: number): NavTab[] {
  const index = list.findIndex((t) => t.name === tab.name);
  let next = index === -1 ? [...list, tab] : list.map((t, i) => (i === index ? tab : t));
  while (next.length > max) {
    const oldest = next.findIndex((t) => t.name !== HOME_TAB.name && t.name !== tab.name);
    if (oldest === -1) break;
    next = next.filter((_, i) => i !== oldest);
  }
  return next;
}

/** The tabs shown: home first when the user may open it (from the list when visited, so with its address). */
export function withHome(list: readonly NavTab[], homeAllowed: boolean): NavTab[] {
  const rest = list.filter((t) => t.name !== HOME_TAB.name);
  if (!homeAllowed) return rest;
  return [list.find((t) => t.name === HOME_TAB.name) ?? HOME_TAB, ...rest];
}

/** Whether a tab shows a close button: every tab but home, and not the only one. */
export function isClosable(shown: readonly NavTab[], name: string): boolean {
  return name !== HOME_TAB.name && shown.length > 1;
}

/**
 * Closing `name` among the `shown` tabs while `active` is open: the tabs left, and where to go (the neighbour to the
 * right, else to the left) when the closed tab was the active one; home is not closed.
 */
export function closeTab(
  shown: readonly NavTab[],
  name: string,
  active: string,
): { list: NavTab[]; goTo: string | null } {
  if (!isClosable(shown, name)) return { list: [...shown], goTo: null };
  const index = shown.findIndex((t) => t.name === name);
  if (index === -1) return { list: [...shown], goTo: null };
  const list = shown.filter((t) => t.name !== name);
  if (name !== active) return { list, goTo: null };
  const neighbour = shown[index + 1] ?? shown[index - 1];
  return { list, goTo: neighbour ? neighbour.url : null };
}

/** Reads a stored list (older lists named tabs by their full URL): one tab per page, the last address kept. */
export function normalizeTabs(
  stored: readonly { name: string; titleKey: string; url?: string | undefined }[],
): NavTab[] {
  let list: NavTab[] = [];
  for (const tab of stored) {
    list = upsertTab(
      list,
      { name: tabNameOf(tab.name), url: tab.url ?? tab.name, titleKey: tab.titleKey },
      Number.MAX_SAFE_INTEGER,
    );
  }
  return list;
}
