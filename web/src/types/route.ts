// The route-as-data shape every feature exports (DESIGN §5.8).
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

export interface PageModule {
  default: ComponentType;
}

export interface AppRoute {
  /** Path segment(s) relative to the parent ('' never used); top-level entries have no leading slash. */
  path: string;
  /** The page; a route with children and a page shows the page at its own URL and the children below it. */
  lazy?: () => Promise<PageModule>;
  /** Starts what the page will ask for as the navigation begins, beside the page's chunk, instead of after the
   * page's first render. Not waited for: the route changes meanwhile (the page left is taken down, the new one shows
   * its loading state), and the page's queries find the answers in flight or in the cache. `search` is the
   * address's query (a page named by `?id=`). */
  prefetch?: (params: Params, search: URLSearchParams) => void;
  /** Permission codes (P…) and/or role codes; any one opens the route. Absent = any logged-in user. */
  perms?: readonly string[];
  /** i18n key of the title, `menu.<routeName>`. */
  menu?: string;
  icon?: ComponentType;
  /** The page shows only the shell's texts (lib/text-areas.ts), so it need not wait for the other areas' texts. */
  shellTexts?: boolean;
  /** The page loads no antd: it stays outside the antd layout route (app/layouts/antd-layout.tsx). */
  light?: boolean;
  /** Not listed in the sidebar (detail pages, designers). */
  hidden?: boolean;
  children?: readonly AppRoute[];
}
