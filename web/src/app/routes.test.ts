import { describe, expect, it, vi } from 'vitest';

import zhMenuConsole from '@/locales/zh/menu-console.json';
import zhMenu from '@/locales/zh/menu.json';
import { PERMISSION_TREE } from '@/types/permissions.gen';
import type { AppRoute } from '@/types/route';
import { joinPath, permsChain } from './guard';
import { firstChildPath, lazyPage } from './route-objects';
import { createRouteObjects, guardedRoutes, publicRoutes } from './routes';

function flatten(routes: readonly AppRoute[], parent = ''): { path: string; route: AppRoute }[] {
  return routes.flatMap((route) => {
    const path = joinPath(parent, route.path);
    return [{ path, route }, ...flatten(route.children ?? [], path)];
  });
}

const guarded = new Map(flatten(guardedRoutes).map(({ path, route }) => [path, route.perms ?? []]));
const publicPaths = flatten(publicRoutes).map(({ path }) => path);

describe('route table (SPEC §2)', () => {
  it('has every public route', () => {
    expect(publicPaths.sort()).toEqual(
      [
        '/login',
        '/register',
        '/findPass',
        '/privacy',
        // The QR sign-in's confirm page (a token needed: the guard's rules, not a permission).
        '/qrLogin',
        '/share-db',
        '/share-cfg',
        '/verifyMail',
        '/documentAppKey',
        '/fluoriteCloudCamera',
        '/exception/403',
        '/404',
        '/401',
        '/business',
        '/detail',
        // The operator console (features/operator), outside the tenants' console.
        '/operator/login',
        '/operator',
        '/operator/statistics',
        '/operator/health',
        '/operator/users',
        '/operator/audit',
        '/operator/devices',
      ].sort(),
    );
  });

  it.each([
    ['/index', ['P10000']],
    ['/device', ['P30000']],
    ['/device/devDashboard', ['P130000']],
    ['/device/devgroup', ['P31000']],
    ['/device/virtualDevice', ['P32000']],
    ['/device/virtualDevice/childDevice/:id', []],
    ['/device/devGPS', ['P34000']],
    ['/configureManage', ['P40000']],
    ['/configureManage/devTemplate', ['P41000']],
    ['/configureManage/templateBind', ['P42000']],
    ['/configureManage/templateLibrary', ['P44000']],
    ['/configureManage/templateGroup', ['P43000']],
    ['/configureManage/automation', ['P45000']],
    ['/designConfigure/:idParam', ['P41600']],
    ['/templateMiddleware/:idParam', []],
    ['/deviceDetail/:id', ['P10000']],
    ['/editDashboard', ['P21200', 'P101200']],
    ['/dashboard', ['P20000']],
    ['/configureMonitor', ['P24000']],
    ['/configurationCarousel', ['P120000']],
    ['/monitoringCheck', ['P27000']],
    ['/designChart', ['P61100']],
    ['/designNewChart', []],
    ['/exportCenter', []],
    ['/analysis', ['P60000']],
    ['/analysis/flowAnalysis', ['P62000']],
    ['/analysis/flowAnalysis/detail/:id', ['P62200']],
    ['/analysis/dashChart', ['P61000']],
    ['/analysis/dashChart/previewChart', ['P61400']],
    ['/analysis/reportData', ['P63000']],
    ['/monitor', ['P110000']],
    ['/monitor/monitorSetting', ['P112000']],
    ['/monitor/monitoringDevice', ['P111000']],
    ['/monitor/middlewares/:idParam', []],
    ['/monitor/middlewaresGrouping/:idParam', []],
    ['/monitor/middlewaresDevice/:idParam/:moduleParam', []],
    ['/monitor/monitorTableDesign/:idParam', []],
    ['/info', ['P70000']],
    ['/info/systemMsg', []],
    ['/info/inbox', ['P71000']],
    ['/info/logInfo', ['P72000']],
    ['/info/realTimeFault', ['P73000']],
    ['/info/alarmNotify', ['administrator']],
    ['/team', ['P50000', 'administrator2']],
    ['/team/customerGroup', ['P51000', 'administrator2']],
    ['/team/user', ['P53000']],
    ['/team/role', ['P52000']],
    ['/module', ['P100000']],
    ['/module/business', ['P101000']],
    ['/system', ['P80000']],
    ['/system/personalization', ['P81000']],
    ['/system/shareLink', ['P82000']],
    ['/system/webhooks', ['administrator']],
    ['/mobile-db', ['P20000', 'P100000']],
    ['/customPage', ['P90000']],
    ['/software', ['P140000']],
    ['/software/version', ['P141000', 'P142000']],
    ['/software/upgrade', ['P142000']],
  ])('%s needs %j', (path, perms) => {
    expect(guarded.get(path)).toEqual(perms);
  });

  it('the whole guarded tree needs P00000', () => {
    const table = createRouteObjects();
    for (const path of guarded.keys()) {
      // The root, the antd layout (no list of its own), then the console.
      const chain = permsChain(table, path.replace(/:(\w+)/g, '1'));
      expect(chain.slice(0, 3), path).toEqual([undefined, undefined, ['P00000']]);
    }
  });

  it('keeps the legacy key=value URL shapes working', () => {
    const table = createRouteObjects();
    expect(permsChain(table, '/designConfigure/id=123').at(-1)).toEqual(['P41600']);
    expect(permsChain(table, '/templateMiddleware/id=5')).toHaveLength(4);
    expect(permsChain(table, '/monitor/middlewaresDevice/id=1/module=2')).toHaveLength(5);
  });

  it('agrees with the permission tree the server exports (make gen)', () => {
    for (const node of PERMISSION_TREE) {
      // The root code ('/') is the console itself, not a page.
      if (node.route === '/') continue;
      const match = [...guarded.entries()].find(
        ([path, perms]) =>
          (path === node.route || path.startsWith(`${node.route}/:`)) && perms.includes(node.code),
      );
      expect(match, `${node.code} ${node.route}`).toBeDefined();
    }
  });

  it('gives every route a translated menu key', () => {
    for (const { route } of [...flatten(guardedRoutes), ...flatten(publicRoutes)]) {
      expect(route.menu, route.path).toMatch(/^menu\.\w+$/);
      expect(Object.keys({ ...zhMenu.menu, ...zhMenuConsole.menu })).toContain(
        route.menu?.slice('menu.'.length),
      );
    }
  });

  it('titles the pages outside the console from the shell texts (menu.json), the console from its own', () => {
    // lib/text-areas.ts: menu.json comes with the shell's texts, menu-console.json with the console frame's.
    for (const { route } of flatten(publicRoutes)) {
      expect(Object.keys(zhMenu.menu), route.path).toContain(route.menu?.slice('menu.'.length));
    }
    for (const { route } of flatten(guardedRoutes)) {
      expect(Object.keys(zhMenuConsole.menu), route.path).toContain(route.menu?.slice('menu.'.length));
    }
  });
});

describe('route objects', () => {
  it('a menu group redirects to its first child the user may open', () => {
    const allowed: AppRoute[] = [
      {
        path: 'device',
        children: [
          { path: 'devDashboard', hidden: true, lazy: () => Promise.resolve({ default: () => null }) },
          { path: 'devgroup', lazy: () => Promise.resolve({ default: () => null }) },
        ],
      },
    ];
    expect(firstChildPath(allowed, '/device')).toBe('/device/devgroup');
    expect(firstChildPath(allowed, '/team')).toBeNull();
  });

  it('retries a failed page chunk once before giving up', async () => {
    const Page = () => null;
    const loader = vi
      .fn<() => Promise<{ default: () => null }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Page });
    // The page, held to its own route (app/route-page.tsx).
    await expect(lazyPage(loader)()).resolves.toMatchObject({
      Component: expect.objectContaining({ displayName: 'RoutePage(Page)' }),
    });
    expect(loader).toHaveBeenCalledTimes(2);

    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(lazyPage(failing)()).rejects.toThrow('dynamically imported');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
