// Route guard decisions (SPEC §2), pure so every rule is unit-tested; router.tsx wires them to the router.
import { matchRoutes, type RouteObject } from 'react-router';

import { permitted } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

/** Open with or without a token. */
export const OPEN_PATHS: readonly string[] = ['/share-db', '/share-cfg', '/verifyMail'];
/** Open with or without a token when the address holds a share link's (`?token=`): a sector link's presentation, and
 * the sectors' portal, which for a link's holder is the link's one sector (it forwards to its presentation). */
export const LINK_OPEN_PATHS: readonly string[] = ['/detail', '/business'];
/** The operator console (features/operator): its pages guard themselves with the operator's own session. */
export const OPERATOR_PATH = '/operator';
/** The only pages reachable without a token. */
export const NO_TOKEN_PATHS: readonly string[] = ['/login', '/register', '/findPass', '/privacy'];
/** Pages that pass through with a token, before any role check. */
export const TOKEN_PASS_THROUGH_PATHS: readonly string[] = ['/login', '/register'];
/** Pages a sign-in comes back to although the old-user flag would send the user to the default page: the QR code's
 * confirm page, which a signed-out phone reaches through the sign-in page. */
export const COME_BACK_PATHS: readonly string[] = ['/qrLogin'];
/** Where a role mismatch goes; noGoBack hides the back action and the redirect replaces history. */
export const UNAUTHORIZED_URL = '/401?noGoBack=true';

export type PermsChain = readonly (readonly string[] | undefined)[];

export interface GuardTarget {
  /** App path without the basename, e.g. '/device/devgroup'. */
  path: string;
  /** Query string including '?', or ''. */
  search: string;
}

export interface GuardSnapshot {
  token: string;
  rolesLoaded: boolean;
  /** roles ∪ granted permission codes. */
  codes: ReadonlySet<string>;
}

export type GuardDecision =
  { type: 'allow' } | { type: 'redirect'; to: string; replace: boolean } | { type: 'load-roles' };

export type FinalDecision = Exclude<GuardDecision, { type: 'load-roles' }>;

const ALLOW: FinalDecision = { type: 'allow' };

export function normalizePath(path: string): string {
  if (path.length > 1 && path.endsWith('/')) return path.replace(/\/+$/, '') || '/';
  return path || '/';
}

/** /login with a `redirect` query pointing back at the requested page ('/' needs none). */
export function loginUrl(path: string, search = ''): string {
  const p = normalizePath(path);
  if (p === '/' || p === '/login') return '/login';
  return `/login?redirect=${encodeURIComponent(`${p}${search}`)}`;
}

/** The perms lists of every route matched by a path, outermost first (empty when nothing matches). */
export function permsChain(routes: RouteObject[], path: string): PermsChain {
  const matches = matchRoutes(routes, normalizePath(path));
  if (!matches) return [];
  return matches.map((m) => {
    const handle: unknown = m.route.handle;
    if (typeof handle === 'object' && handle !== null && 'perms' in handle) {
      return (handle as { perms?: readonly string[] }).perms;
    }
    return undefined;
  });
}

/** Every route on the chain must be open to the codes; a route without a list is open to any logged-in user. */
export function canOpen(chain: PermsChain, codes: ReadonlySet<string>): boolean {
  return chain.every((perms) => permitted(perms, codes));
}

/** The routes a user may open, children filtered recursively. */
export function filterRoutes(routes: readonly AppRoute[], codes: ReadonlySet<string>): AppRoute[] {
  return routes
    .filter((route) => permitted(route.perms, codes))
    .map((route) => (route.children ? { ...route, children: filterRoutes(route.children, codes) } : route));
}

export function joinPath(parent: string, path: string): string {
  const base = parent === '/' ? '' : parent;
  return path ? `${base}/${path}` : base || '/';
}

/** Paths of the visible menu entries that are pages, in menu order (fallback default pages). */
export function menuPagePaths(routes: readonly AppRoute[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const full = joinPath(parent, route.path);
    if (route.lazy && !route.path.includes(':')) out.push(full);
    if (route.children) out.push(...menuPagePaths(route.children, full));
  }
  return out;
}

/** The address carries a share link's token (a non-empty `token` parameter). */
export function holdsLinkToken(search: string): boolean {
  return (new URLSearchParams(search).get('token') ?? '').trim() !== '';
}

/** One navigation step of SPEC §2's guard. */
export function decide(target: GuardTarget, chain: PermsChain, state: GuardSnapshot): GuardDecision {
  const path = normalizePath(target.path);
  if (OPEN_PATHS.includes(path)) return ALLOW;
  if (path === OPERATOR_PATH || path.startsWith(`${OPERATOR_PATH}/`)) return ALLOW;
  if (LINK_OPEN_PATHS.includes(path) && holdsLinkToken(target.search)) return ALLOW;
  if (!state.token) {
    return NO_TOKEN_PATHS.includes(path)
      ? ALLOW
      : { type: 'redirect', to: loginUrl(path, target.search), replace: false };
  }
  if (TOKEN_PASS_THROUGH_PATHS.includes(path)) return ALLOW;
  if (!state.rolesLoaded) return { type: 'load-roles' };
  return canOpen(chain, state.codes) ? ALLOW : { type: 'redirect', to: UNAUTHORIZED_URL, replace: true };
}

export interface GuardDeps {
  snapshot: () => GuardSnapshot;
  chain: (path: string) => PermsChain;
  /** GET /yun/customPage; failures are only logged. */
  loadCustomPage: () => Promise<unknown>;
  /** GET /yun/user/config, then build and store the allowed routes. */
  loadPermissions: () => Promise<unknown>;
  /** Reads and clears the old-user flag. */
  takeOldUserFlag: () => boolean;
  defaultPage: () => string;
  /** The error means the token is no longer valid (100009). */
  isAuthFailure: (error: unknown) => boolean;
  clearSession: () => void;
  log: (message: string, error: unknown) => void;
}

/** Runs the guard for a navigation, loading custom page config then permissions when no roles are loaded. */
export async function runGuard(target: GuardTarget, deps: GuardDeps): Promise<FinalDecision> {
  const chain = deps.chain(target.path);
  const first = decide(target, chain, deps.snapshot());
  if (first.type !== 'load-roles') return first;

  try {
    await deps.loadCustomPage();
  } catch (error) {
    deps.log('custom page configuration failed to load', error);
  }
  try {
    await deps.loadPermissions();
  } catch (error) {
    if (deps.isAuthFailure(error)) {
      deps.clearSession();
      return { type: 'redirect', to: loginUrl(target.path, target.search), replace: true };
    }
    throw error;
  }

  if (deps.takeOldUserFlag() && !COME_BACK_PATHS.includes(normalizePath(target.path))) {
    const page = deps.defaultPage();
    if (page !== normalizePath(target.path)) return { type: 'redirect', to: page, replace: true };
  }
  const second = decide(target, chain, deps.snapshot());
  return second.type === 'load-roles' ? { type: 'redirect', to: UNAUTHORIZED_URL, replace: true } : second;
}

export type ChunkFailureAction = 'retry' | 'reload' | 'fail';

/** A lazy page chunk failed: retry the navigation once, then reload the page once, then give up. */
export function chunkFailureAction(attempt: number, alreadyReloaded: boolean): ChunkFailureAction {
  if (attempt === 0) return 'retry';
  return alreadyReloaded ? 'fail' : 'reload';
}

const CHUNK_ERROR_RE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR_RE.test(error.message);
}
