// The route-as-data shape every feature exports (DESIGN §5.8).
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

import type { MenuIcon } from '@/components/menu-icons';

export interface PageModule {
  default: ComponentType;
}

export type Prefetch = (params: Params, search: URLSearchParams) => void;

export interface AppRoute {
  /** Path segment(s) relative to the parent ('' never used); top-level entries have no leading slash. */
  path: string;
  /** The page; a route with children and a page shows the page at its own URL and the children below it. */
  lazy?: () => Promise<PageModule>;
  /** Starts what the page will ask for as the navigation begins, beside the page's chunk, instead of after the
   * page's first render. Not waited for: the route changes meanwhile (the page left is taken down, the new one shows
   * its loading state), and the page's queries find the answers in flight or in the cache. `search` is the
   * address's query (a page named by `?id=`). Loaded when first wanted, like the page: it reads through TanStack
   * Query, which the route table (in every page's first script, /login's included) does not load. */
  prefetch?: () => Promise<Prefetch>;
  /** Permission codes (P…) and/or role codes; any one opens the route. Absent = any logged-in user. */
  perms?: readonly string[];
  /** i18n key of the title, `menu.<routeName>`. */
  menu?: string;
  /** The sidebar's icon (components/menu-icons.tsx). */
  icon?: MenuIcon;
  /** The page shows only the shell's texts (lib/text-areas.ts), so it need not wait for the other areas' texts. */
  shellTexts?: boolean;
  /** The page shows only the shell's and the console frame's texts (lib/text-areas.ts: the home page), so it need
   * not wait for the other areas' texts. */
  consoleTexts?: boolean;
  /** The page loads no antd: it stays outside the antd layout route (app/layouts/antd-layout.tsx). */
  light?: boolean;
  /** Not listed in the sidebar (detail pages, designers). */
  hidden?: boolean;
  children?: readonly AppRoute[];
}
