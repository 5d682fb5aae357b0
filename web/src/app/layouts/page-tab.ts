// The tab of the page being shown: its pathname names it, its full address is what the tab opens again.
import type { UIMatch } from 'react-router';

import { tabNameOf, type NavTab } from '@/lib/nav-tabs';
import { deepestMenuKey } from '../root-shell';
import { isRouteHandle } from '../route-objects';

/** The tab for the matched route at `location`; none for an untitled page or a group URL that only redirects. */
export function pageTab(
  matches: readonly Pick<UIMatch, 'handle'>[],
  location: { pathname: string; search: string },
): NavTab | null {
  const handle: unknown = matches[matches.length - 1]?.handle;
  if (isRouteHandle(handle) && handle.redirect) return null;
  const titleKey = deepestMenuKey(matches);
  if (!titleKey) return null;
  return { name: tabNameOf(location.pathname), url: `${location.pathname}${location.search}`, titleKey };
}
