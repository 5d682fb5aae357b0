// Lets non-React code (the request wrapper) navigate through the app's router once it is registered.
import { APP_BASENAME } from './config';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigateImpl = fn;
}

type SearchReader = () => string;

let searchReader: SearchReader | null = null;

/** Registered by the app's router: reads the search of the location it is at. */
export function setSearchReader(fn: SearchReader | null): void {
  searchReader = fn;
}

/**
 * The search ('?a=1') of the location the router is at now, which can be ahead of the last render of it (React
 * renders a navigation as a transition); null outside the app's router (tests with a memory router).
 */
export function latestSearch(): string | null {
  return searchReader ? searchReader() : null;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else window.location.assign(`${APP_BASENAME}${to}`);
}

/** The current app path (without the /iotyun basename), e.g. '/dashboard'. */
export function currentAppPath(): string {
  const { pathname } = window.location;
  if (pathname === APP_BASENAME) return '/';
  return pathname.startsWith(`${APP_BASENAME}/`) ? pathname.slice(APP_BASENAME.length) : pathname;
}

/** The current app URL (path + search) for a `redirect` query. */
export function currentAppUrl(): string {
  return `${currentAppPath()}${window.location.search}`;
}

/** Browser side effects behind an object so tests can replace them. */
export const browser = {
  reload: (): void => {
    window.location.reload();
  },
};

let signInPrefetch: (() => void) | null = null;

/** What signing in will load (the app registers antd's layout and the console's frame: /login loads neither). */
export function setSignInPrefetch(fn: (() => void) | null): void {
  signInPrefetch = fn;
}

/** Fetches it ahead, once: the sign-in page calls this when the user starts typing, not on load. */
export function prefetchSignIn(): void {
  const fn = signInPrefetch;
  signInPrefetch = null;
  fn?.();
}
