// Turns the features' route data into react-router route objects (lazy pages, handles, group redirects).
import { Navigate, type LoaderFunction, type RouteObject } from 'react-router';

import { loadConsoleTexts, loadPageTexts } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { AppRoute, PageModule, Prefetch } from '@/types/route';
import { chunkFailureAction, joinPath, menuPagePaths, UNAUTHORIZED_URL } from './guard';
import { routePage } from './route-page';

/** What every route carries in `handle`: its permission list, title key and absolute path. */
export interface RouteHandle {
  perms?: readonly string[];
  menu?: string;
  hidden?: boolean;
  fullPath: string;
  /** Only sends the visitor on to a child page (a menu group's own URL): no page, so no tab. */
  redirect?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'fullPath' in handle;
}

/** sessionStorage key remembering that a failed chunk already triggered a reload of that URL. */
export const CHUNK_RELOAD_KEY = 'iotyun.chunk-reload';

/**
 * Lazy page loader: the page's chunk and, unless `texts` is null (the shell's own pages), the texts it needs (every
 * area's by default); a failed chunk is retried once here; the error boundary then reloads once.
 */
export function lazyPage(
  loader: () => Promise<PageModule>,
  texts: (() => Promise<void>) | null = loadPageTexts,
): () => Promise<{ Component: PageModule['default'] }> {
  return async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const [mod] = await Promise.all([loader(), texts?.()]);
        window.sessionStorage.removeItem(CHUNK_RELOAD_KEY);
        return { Component: routePage(mod.default) };
      } catch (error) {
        if (chunkFailureAction(attempt, false) !== 'retry') throw error;
      }
    }
  };
}

/** The first page the user may open below a menu group ('/device' → '/device/devgroup'). */
export function firstChildPath(
  routes: readonly AppRoute[],
  parentFullPath: string,
  parent = '',
): string | null {
  for (const route of routes) {
    const full = joinPath(parent, route.path);
    if (full === parentFullPath) return menuPagePaths(route.children ?? [], full)[0] ?? null;
    if (route.children && parentFullPath.startsWith(`${full}/`)) {
      const found = firstChildPath(route.children, parentFullPath, full);
      if (found) return found;
    }
  }
  return null;
}

function FirstChildRedirect({ parent }: { parent: string }) {
  const routes = useSession((s) => s.allowedRoutes);
  return <Navigate to={firstChildPath(routes, parent) ?? UNAUTHORIZED_URL} replace />;
}

/** A loader that starts the page's queries (AppRoute.prefetch, its module loaded once) and lets the navigation go on
 * at once: waiting for them left the main thread idle while the answer travelled, where the page left can be taken
 * down meanwhile (benchmark B7 measured the designer opening no sooner for the wait). */
export function prefetchLoader(load: () => Promise<Prefetch>): LoaderFunction {
  return ({ params, request }) => {
    const search = new URL(request.url).searchParams;
    load().then(
      (prefetch) => {
        prefetch(params, search);
      },
      // Its chunk did not come (offline): the page asks for what it needs itself.
      () => undefined,
    );
    return null;
  };
}

function toRouteObject(route: AppRoute, parentPath: string): RouteObject {
  const fullPath = joinPath(parentPath, route.path);
  const handle: RouteHandle = {
    fullPath,
    ...(route.perms ? { perms: route.perms } : {}),
    ...(route.menu ? { menu: route.menu } : {}),
    ...(route.hidden ? { hidden: true } : {}),
  };
  const texts = route.shellTexts ? null : route.consoleTexts ? loadConsoleTexts : loadPageTexts;
  const page = route.lazy ? lazyPage(route.lazy, texts) : undefined;
  const loader = route.prefetch ? { loader: prefetchLoader(route.prefetch) } : {};
  if (!route.children?.length)
    return { path: route.path, handle, ...(page ? { lazy: page } : {}), ...loader };
  // A page with sub-pages (virtualDevice → childDevice/:id) shows them in its place, not nested inside it.
  const index: RouteObject = page
    ? { index: true, lazy: page, handle: { fullPath }, ...loader }
    : {
        index: true,
        element: <FirstChildRedirect parent={fullPath} />,
        handle: { fullPath, redirect: true },
      };
  return { path: route.path, handle, children: [index, ...toRouteObjects(route.children, fullPath)] };
}

export function toRouteObjects(routes: readonly AppRoute[], parentPath = ''): RouteObject[] {
  return routes.map((route) => toRouteObject(route, parentPath));
}
