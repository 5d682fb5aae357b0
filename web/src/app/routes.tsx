// The complete route table (SPEC §2), composed from the features; sidebar, guard and default pages read it.
import { Outlet, type MiddlewareFunction, type RouteObject } from 'react-router';

import { analysisRoutes } from '../features/analysis/routes';
import { authPublicRoutes } from '../features/auth';
import { configureManageRoutes } from '../features/configure-manage/routes';
import { customPageRoutes } from '../features/custom-page';
import { dashboardRoutes } from '../features/dashboard/routes';
import { devicePublicRoutes, deviceRoutes } from '../features/device/routes';
import { exceptionPublicRoutes } from '../features/exception/routes';
import { homeRoutes } from '../features/home/routes';
import { infoRoutes } from '../features/info/routes';
import { modulePublicRoutes, moduleRoutes } from '../features/module/routes';
import { monitorRoutes } from '../features/monitor/routes';
import { sharePublicRoutes } from '../features/share/routes';
import { systemPublicRoutes, systemRoutes } from '../features/system/routes';
import { teamRoutes } from '../features/team/routes';
import { FullPageSpinner } from '../components/full-page-spinner';
import { Perm } from '../lib/permissions';
import { useSession } from '../lib/session';
import type { AppRoute } from '../types/route';
import { ConsoleLayout } from './layouts/console-layout';
import { RootRedirect, RootShell, UnknownRoute } from './root-shell';
import { RouteError } from './route-error';
import { toRouteObjects } from './route-objects';

/** The guarded tree in sidebar order; the whole tree needs P00000 (CONSOLE_PERMS). */
export const guardedRoutes: AppRoute[] = [
  ...homeRoutes,
  ...deviceRoutes,
  ...configureManageRoutes,
  ...dashboardRoutes,
  ...analysisRoutes,
  ...monitorRoutes,
  ...infoRoutes,
  ...teamRoutes,
  ...moduleRoutes,
  ...systemRoutes,
  ...customPageRoutes,
];

export const CONSOLE_PERMS: readonly string[] = [Perm.ROOT];

/** Routes without a permission of their own; the guard's token rules still apply to them. */
export const publicRoutes: AppRoute[] = [
  ...authPublicRoutes,
  ...sharePublicRoutes,
  ...systemPublicRoutes,
  ...devicePublicRoutes,
  ...modulePublicRoutes,
  ...exceptionPublicRoutes,
];

/** The exception pages (401, 403, 404) show inside the console layout once signed in: a page the user may not open
 * keeps the menu, so the way on is one click away. */
function ExceptionShell() {
  const token = useSession((s) => s.token);
  return token ? <ConsoleLayout /> : <Outlet />;
}

export function createRouteObjects(middleware: MiddlewareFunction[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootShell,
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageSpinner,
      middleware,
      handle: { fullPath: '/' },
      children: [
        { index: true, Component: RootRedirect, handle: { fullPath: '/' } },
        ...toRouteObjects(publicRoutes.filter((route) => !exceptionPublicRoutes.includes(route))),
        {
          id: 'console',
          Component: ConsoleLayout,
          ErrorBoundary: RouteError,
          handle: { perms: CONSOLE_PERMS, fullPath: '/' },
          children: toRouteObjects(guardedRoutes),
        },
        {
          id: 'exception',
          Component: ExceptionShell,
          ErrorBoundary: RouteError,
          handle: { fullPath: '/' },
          children: toRouteObjects(exceptionPublicRoutes),
        },
        // Unknown paths go to the 403 page (SPEC §2).
        { path: '*', Component: UnknownRoute, handle: { fullPath: '*' } },
      ],
    },
  ];
}
