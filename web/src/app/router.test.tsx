import { render } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type MiddlewareFunction } from 'react-router';

import { COOKIE, logout, sessionStore } from '@/lib/session';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import type { UserConfigPayload } from '@/types/session';
import { AppProviders } from './providers';
import { createGuardDeps, createGuardMiddleware, stripBasename } from './router';
import { createRouteObjects } from './routes';

const config: UserConfigPayload = {
  user_id: 1,
  user_name: 'ops',
  nick_name: '',
  tenant_id: 2,
  tenant_name: 'demo',
  pub_key: 'ab'.repeat(32),
  expires_at: Date.now() + 3_600_000,
  roles: ['custom'],
  role_name: 'operator',
  grantedPermissions: 'P00000,P10000,P30000,P31000',
  menuPermissions: 'P31000',
  defaultPage: '/device/devgroup',
  must_change_password: false,
  old_user: true,
  is_admin2: false,
};

function start(entry: string, handlers: Record<string, Handler> = {}) {
  const calls = mockApi({
    'GET /yun/customPage': () => ok({ custom_page_name: 'Plant', custom_page_json: null }),
    'GET /yun/user/config': () => ok(config),
    ...handlers,
  });
  const middleware: MiddlewareFunction[] = [];
  const routes = createRouteObjects(middleware);
  middleware.push(createGuardMiddleware(createGuardDeps(routes)));
  const router = createMemoryRouter(routes, { basename: '/iotyun', initialEntries: [`/iotyun${entry}`] });
  // Rendered, so element redirects (/, menu groups, unknown paths) run too.
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, calls };
}

/** Waits until the router rests at `expected`: idle, there, and still there a while later (element redirects navigate
 * after render), the lazily loaded pages loaded. Waiting for the expected place rather than for any rest: on a loaded
 * machine a redirect can come after the URL has stood still for the while (a layout waiting for its texts). */
async function settlesAt(router: ReturnType<typeof createMemoryRouter>, expected: string) {
  let last = '';
  let unchanged = 0;
  await expect
    .poll(
      async () => {
        await vi.dynamicImportSettled();
        const { initialized, navigation, location } = router.state;
        const now = `${stripBasename(location.pathname)}${location.search}`;
        unchanged = initialized && navigation.state === 'idle' && now === last ? unchanged + 1 : 0;
        last = now;
        return unchanged >= 4 ? now : `${now} (moving)`;
      },
      { interval: 100, timeout: 15_000 },
    )
    .toBe(expected);
}

beforeEach(() => {
  logout();
});

describe('guarded router', () => {
  it('strips the basename', () => {
    expect(stripBasename('/iotyun')).toBe('/');
    expect(stripBasename('/iotyun/device/devgroup')).toBe('/device/devgroup');
  });

  it('sends a visitor without a token to /login, keeping the target', async () => {
    const { router, calls } = start('/device/devgroup');
    await settlesAt(router, '/login?redirect=%2Fdevice%2Fdevgroup');
    // Only the login page's captcha: no roles are loaded without a token. The login page is a lazy chunk whose
    // captcha request may come after the URL settled on a busy machine: waited for, not assumed.
    await expect.poll(() => calls.map((c) => c.url), { timeout: 8000 }).toEqual(['/yun/login/check/code']);
  });

  it('opens the share routes without a token', async () => {
    const { router } = start('/share-db');
    await settlesAt(router, '/share-db');
  });

  it('loads custom page then permissions, builds the menu, and opens an allowed page', async () => {
    sessionStore.setState({ token: 't', userId: '1', tenantId: '2' });
    const { router, calls } = start('/index');
    await settlesAt(router, '/index');
    // Custom page first, then permissions; the console layout then starts its heartbeat and reads the tenant's brand.
    // (The home page's own figures — /dev/stateInfo, /yun/devLog, /dev/map, /yun/homenav/module — and the alarm
    // count the home page and the header bell share are left out, as is the header's count of exports at work.)
    const HOME_CALLS = [
      '/dev/stateInfo',
      '/yun/devLog',
      '/dev/map',
      '/yun/homenav/module',
      '/rAlarmDev/count',
      '/yun/exportFile/history',
    ];
    // The heartbeat starts once the layout has mounted, which a loaded machine may take a moment to do.
    await vi.waitFor(
      () =>
        expect(calls.map((c) => c.url)).toEqual(
          expect.arrayContaining(['/yun/user/heart', '/yun/individuation']),
        ),
      { timeout: 5000 },
    );
    expect(calls.map((c) => c.url).filter((url) => !HOME_CALLS.includes(url))).toEqual([
      '/yun/customPage',
      '/yun/user/config',
      '/yun/user/heart',
      '/yun/individuation',
    ]);
    const s = sessionStore.getState();
    expect(s.rolesLoaded).toBe(true);
    expect(s.defaultPage).toBe('/device/devgroup');
    expect(s.customPage?.custom_page_name).toBe('Plant');
    // Routes without a perms list (templateMiddleware, designNewChart, exportCenter, a custom entry's framed page)
    // are open to every signed-in user.
    expect(s.allowedRoutes.map((r) => r.path)).toEqual([
      'index',
      'device',
      'deviceDetail/:id',
      'templateMiddleware/:idParam',
      'designNewChart',
      'exportCenter',
      'customPage/view/:id',
    ]);
    expect(s.allowedRoutes[1]?.children?.map((r) => r.path)).toEqual(['devgroup']);
  });

  it('sends an old user to the default page once', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    Cookies.set(COOKIE.oldUser, '1', { path: '/' });
    const { router } = start('/index');
    await settlesAt(router, '/device/devgroup');
    expect(Cookies.get(COOKIE.oldUser)).toBeUndefined();
    await router.navigate('/index');
    await settlesAt(router, '/index');
  });

  it('redirects / to the default page once signed in', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    const { router } = start('/');
    await settlesAt(router, '/device/devgroup');
  });

  it('replaces history with /401 when the roles do not open the page', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    const { router } = start('/index');
    await settlesAt(router, '/index');
    await router.navigate('/team/user');
    await settlesAt(router, '/401?noGoBack=true');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a group URL opens its first allowed child', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    const { router } = start('/device');
    await settlesAt(router, '/device/devgroup');
  });

  it('unknown paths go to /exception/403', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    const { router } = start('/no/such/page');
    await settlesAt(router, '/exception/403');
  });

  it('a revoked token while loading permissions goes back to /login', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    const { router } = start('/index', { 'GET /yun/user/config': () => fail('100009', '非法令牌') });
    await settlesAt(router, '/login?redirect=%2Findex');
    expect(sessionStore.getState().token).toBe('');
  });

  it('a failing custom page config does not block the login', async () => {
    sessionStore.setState({ token: 't', userId: '1' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = start('/index', { 'GET /yun/customPage': () => fail('100003', 'boom') });
    await settlesAt(router, '/index');
    expect(warn).toHaveBeenCalledOnce();
  });
});
