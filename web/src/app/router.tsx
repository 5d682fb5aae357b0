// Creates the data router (basename /iotyun) and wires the pure guard to the session and the API.
import {
  createBrowserRouter,
  redirect,
  replace,
  type MiddlewareFunction,
  type RouteObject,
} from 'react-router';

// From the modules themselves, not the features' index files: those also export what only the console's frame uses
// (its modals), and everything an index names loads with the entry, /login included.
import { getUserConfig } from '@/features/auth/api/get-user-config';
import { getCustomPage } from '@/features/custom-page/api/get-custom-page';
import { APP_BASENAME } from '@/lib/config';
import { ILLEGAL_TOKEN, isApiError } from '@/lib/http';
import { setNavigator, setSearchReader, setSignInPrefetch } from '@/lib/navigation';
import { Perm } from '@/lib/permissions';
import {
  applyUserConfig,
  logout,
  sessionCodes,
  sessionStore,
  setCustomPage,
  splitCodes,
  takeOldUserFlag,
} from '@/lib/session';
import { defaultPageFor, resolveDefaultPage } from '@/lib/default-page';
import { canOpen, filterRoutes, menuPagePaths, permsChain, runGuard, type GuardDeps } from './guard';
import { createRouteObjects, guardedRoutes, loadAntdLayout, loadConsoleLayout } from './routes';

export function stripBasename(pathname: string, basename = APP_BASENAME): string {
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}

/** Loads GET /yun/user/config, builds the allowed routes and the default page, and stores them. */
async function loadPermissions(table: RouteObject[]): Promise<void> {
  const config = await getUserConfig();
  const codes = sessionCodes({ roles: config.roles, permissions: splitCodes(config.grantedPermissions) });
  const allowed = codes.has(Perm.ROOT) ? filterRoutes(guardedRoutes, codes) : [];
  const defaultPage = resolveDefaultPage(
    defaultPageFor(config.menuPermissions),
    (path) => canOpen(permsChain(table, path), codes),
    menuPagePaths(allowed),
  );
  applyUserConfig(config, allowed, defaultPage);
}

export function createGuardDeps(table: RouteObject[]): GuardDeps {
  return {
    snapshot: () => {
      const s = sessionStore.getState();
      return { token: s.token, rolesLoaded: s.rolesLoaded, codes: sessionCodes(s) };
    },
    chain: (path) => permsChain(table, path),
    loadCustomPage: async () => {
      setCustomPage(await getCustomPage());
    },
    loadPermissions: () => loadPermissions(table),
    takeOldUserFlag,
    defaultPage: () => sessionStore.getState().defaultPage || '/index',
    isAuthFailure: (error) => isApiError(error) && error.code === ILLEGAL_TOKEN,
    clearSession: logout,
    log: (message, error) => {
      console.warn(`[guard] ${message}`, error);
    },
  };
}

export function createGuardMiddleware(deps: GuardDeps): MiddlewareFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const decision = await runGuard({ path: stripBasename(url.pathname), search: url.search }, deps);
    if (decision.type === 'redirect') throw decision.replace ? replace(decision.to) : redirect(decision.to);
  };
}

export function createAppRouter() {
  const middleware: MiddlewareFunction[] = [];
  const routes = createRouteObjects(middleware);
  middleware.push(createGuardMiddleware(createGuardDeps(routes)));
  const router = createBrowserRouter(routes, { basename: APP_BASENAME });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  setSearchReader(() => router.state.location.search);
  // The chunks every signed-in page needs, fetched while the user types on /login (routes.tsx loads them lazily).
  setSignInPrefetch(() => {
    void loadAntdLayout();
    void loadConsoleLayout();
  });
  return router;
}
