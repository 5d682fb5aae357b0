// The complete route table (SPEC §2), composed from the features; sidebar, guard and default pages read it.
import type { MiddlewareFunction, RouteObject } from 'react-router';

import { analysisRoutes } from '@/features/analysis/routes';
import { automationRoute } from '@/features/automation/routes';
import { authPublicRoutes } from '@/features/auth/routes';
import { configureManageRoutes } from '@/features/configure-manage/routes';
import { customPageRoutes } from '@/features/custom-page/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { devicePublicRoutes, deviceRoutes } from '@/features/device/routes';
import { exceptionPublicRoutes } from '@/features/exception/routes';
import { homeRoutes } from '@/features/home/routes';
import { infoRoutes } from '@/features/info/routes';
import { mailPublicRoutes } from '@/features/mail/routes';
import { modulePublicRoutes, moduleRoutes } from '@/features/module/routes';
import { monitorRoutes } from '@/features/monitor/routes';
import { operatorPublicRoutes } from '@/features/operator/routes';
import { sharePublicRoutes } from '@/features/share/routes';
import { softwareRoutes } from '@/features/software/routes';
import { systemPublicRoutes, systemRoutes } from '@/features/system/routes';
import { teamRoutes } from '@/features/team/routes';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { loadConsoleTexts } from '@/lib/i18n';
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';
import { RootRedirect, RootShell, UnknownRoute } from './root-shell';
import { RouteError } from './route-error';
import { lazyPage, toRouteObjects } from './route-objects';

/** Configuration management with the automations (issue 37) after its template groups: the automation feature's
 * route is placed here, as a feature does not import another. */
const configureManageTree: AppRoute[] = configureManageRoutes.map((route) =>
  route.path === 'configureManage'
    ? { ...route, children: [...(route.children ?? []), automationRoute] }
    : route,
);

/** The guarded tree in sidebar order; the whole tree needs P00000 (CONSOLE_PERMS). */
export const guardedRoutes: AppRoute[] = [
  ...homeRoutes,
  ...deviceRoutes,
  ...configureManageTree,
  ...dashboardRoutes,
  ...analysisRoutes,
  ...monitorRoutes,
  ...infoRoutes,
  ...teamRoutes,
  ...moduleRoutes,
  ...systemRoutes,
  ...softwareRoutes,
  ...customPageRoutes,
];

export const CONSOLE_PERMS: readonly string[] = [Perm.ROOT];

/** The antd layout's and the console frame's chunks: the routes below and the sign-in page's prefetch (router.tsx)
 * load them through these, so the entry names the files each brings along once. */
export const loadAntdLayout = () => import('./layouts/antd-layout');
export const loadConsoleLayout = () => import('./layouts/console-layout');

/** Routes without a permission of their own; the guard's token rules still apply to them. */
export const publicRoutes: AppRoute[] = [
  ...authPublicRoutes,
  ...sharePublicRoutes,
  ...mailPublicRoutes,
  ...systemPublicRoutes,
  ...devicePublicRoutes,
  ...modulePublicRoutes,
  ...operatorPublicRoutes,
  ...exceptionPublicRoutes,
];

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
        // The pages without antd (/login): nothing on the way to them loads it.
        ...toRouteObjects(publicRoutes.filter((route) => route.light)),
        {
          id: 'antd',
          // antd's theme, locale and App around every other page, a chunk of its own (issue 13, point 3).
          lazy: lazyPage(loadAntdLayout, null),
          handle: { fullPath: '/' },
          children: [
            ...toRouteObjects(
              publicRoutes.filter((route) => !route.light && !exceptionPublicRoutes.includes(route)),
            ),
            {
              id: 'console',
              // The console's frame (sidebar, header, tabs) is a chunk of its own: /login and the other public
              // pages never load it. With the texts it shows (the home page's too), not every page's.
              lazy: lazyPage(
                () => loadConsoleLayout().then((m) => ({ default: m.ConsoleLayout })),
                loadConsoleTexts,
              ),
              ErrorBoundary: RouteError,
              handle: { perms: CONSOLE_PERMS, fullPath: '/' },
              children: toRouteObjects(guardedRoutes),
            },
            {
              id: 'exception',
              // Inside the console's frame once signed in (layouts/exception-shell.tsx), a chunk like the console's.
              lazy: lazyPage(() => import('./layouts/exception-shell'), loadConsoleTexts),
              ErrorBoundary: RouteError,
              handle: { fullPath: '/' },
              children: toRouteObjects(exceptionPublicRoutes),
            },
          ],
        },
        // Unknown paths go to the 403 page (SPEC §2).
        { path: '*', Component: UnknownRoute, handle: { fullPath: '*' } },
      ],
    },
  ];
}
