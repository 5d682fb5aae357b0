// Lets non-React code (the request wrapper) navigate through the app's router once it is registered.
import { APP_BASENAME } from './config';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigateImpl = fn;
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
