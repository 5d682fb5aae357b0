import { describe, expect, it, vi } from 'vitest';

import type { AppRoute } from '@/types/route';
import {
  canOpen,
  chunkFailureAction,
  decide,
  filterRoutes,
  isChunkLoadError,
  loginUrl,
  menuPagePaths,
  permsChain,
  runGuard,
  UNAUTHORIZED_URL,
  type GuardDeps,
  type GuardSnapshot,
} from './guard';
import { createRouteObjects } from './routes';

const table = createRouteObjects();
const chain = (path: string) => permsChain(table, path);
const page = () => Promise.resolve({ default: () => null });

const anonymous: GuardSnapshot = { token: '', rolesLoaded: false, codes: new Set() };
const freshLogin: GuardSnapshot = { token: 't', rolesLoaded: false, codes: new Set() };
const loaded = (...codes: string[]): GuardSnapshot => ({
  token: 't',
  rolesLoaded: true,
  codes: new Set(codes),
});

const go = (path: string, state: GuardSnapshot, search = '') => decide({ path, search }, chain(path), state);

describe('decide (SPEC §2)', () => {
  it.each(['/share-db', '/share-cfg', '/verifyMail'])(
    '%s opens without a token, and with one before roles load',
    (path) => {
      expect(go(path, anonymous)).toEqual({ type: 'allow' });
      expect(go(path, freshLogin)).toEqual({ type: 'allow' });
    },
  );

  it.each(['/operator', '/operator/login', '/operator/users'])(
    '%s (the operator console) is left to its own session, with or without a tenant one',
    (path) => {
      expect(go(path, anonymous)).toEqual({ type: 'allow' });
      expect(go(path, freshLogin)).toEqual({ type: 'allow' });
    },
  );

  it('a path that only starts like the operator console is the console’s as before', () => {
    expect(go('/operatorx', anonymous).type).toBe('redirect');
  });

  it('/detail opens without a session for a share link’s token, and asks for a sign-in without one', () => {
    expect(go('/detail', anonymous, '?token=abc')).toEqual({ type: 'allow' });
    expect(go('/detail', freshLogin, '?token=abc&device=3')).toEqual({ type: 'allow' });
    for (const search of ['?id=5', '?token=', '?token=%20', ''])
      expect(go('/detail', anonymous, search)).toEqual({
        type: 'redirect',
        to: `/login?redirect=${encodeURIComponent(`/detail${search}`)}`,
        replace: false,
      });
    // Signed in, /detail?id= is the console's as before.
    expect(go('/detail', freshLogin, '?id=5')).toEqual({ type: 'load-roles' });
  });

  it('/business opens without a session for a sector link’s token (it forwards to /detail), and asks for a sign-in without one', () => {
    expect(go('/business', anonymous, '?token=abc')).toEqual({ type: 'allow' });
    expect(go('/business', anonymous, '')).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/business')}`,
      replace: false,
    });
    expect(go('/business', freshLogin, '')).toEqual({ type: 'load-roles' });
  });

  it.each(['/login', '/register', '/findPass', '/privacy'])('%s is reachable without a token', (path) => {
    expect(go(path, anonymous)).toEqual({ type: 'allow' });
  });

  it.each([
    '/index',
    '/device/devgroup',
    '/404',
    '/exception/403',
    '/documentAppKey',
    '/business',
    '/designConfigure/id=3',
    '/nowhere',
  ])('%s without a token redirects to /login with a redirect query', (path) => {
    expect(go(path, anonymous, '?x=1')).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent(`${path}?x=1`)}`,
      replace: false,
    });
  });

  it('/ without a token goes to /login without a redirect query', () => {
    expect(go('/', anonymous)).toEqual({ type: 'redirect', to: '/login', replace: false });
  });

  it.each(['/login', '/register'])('with a token, %s passes through before any role check', (path) => {
    expect(go(path, freshLogin)).toEqual({ type: 'allow' });
    expect(go(path, loaded())).toEqual({ type: 'allow' });
  });

  it('with a token and no roles loaded, asks to load them (any other route)', () => {
    for (const path of ['/index', '/findPass', '/privacy', '/404', '/team/user']) {
      expect(go(path, freshLogin)).toEqual({ type: 'load-roles' });
    }
  });

  it('with roles loaded, a matching route opens', () => {
    expect(go('/device/devgroup', loaded('P00000', 'P30000', 'P31000'))).toEqual({ type: 'allow' });
  });

  it('with roles loaded, a mismatch goes to /401 replacing history (no go-back)', () => {
    expect(go('/device/devgroup', loaded('P00000', 'P30000'))).toEqual({
      type: 'redirect',
      to: UNAUTHORIZED_URL,
      replace: true,
    });
    expect(UNAUTHORIZED_URL).toBe('/401?noGoBack=true');
  });

  it('every guarded route needs P00000', () => {
    expect(go('/index', loaded('P10000'))).toMatchObject({ to: UNAUTHORIZED_URL });
    expect(go('/index', loaded('P00000', 'P10000'))).toEqual({ type: 'allow' });
  });

  it('a parent route must match too', () => {
    expect(go('/device/devgroup', loaded('P00000', 'P31000'))).toMatchObject({ to: UNAUTHORIZED_URL });
  });

  it('role codes open routes (administrator2 on team routes)', () => {
    expect(go('/team/customerGroup', loaded('P00000', 'administrator2'))).toEqual({ type: 'allow' });
    expect(go('/team/user', loaded('P00000', 'administrator2'))).toMatchObject({ to: UNAUTHORIZED_URL });
  });

  it('the alarm notifications open to the administrator role only, not to the message centre’s permission', () => {
    expect(go('/info/alarmNotify', loaded('P00000', 'P70000', 'administrator'))).toEqual({ type: 'allow' });
    for (const codes of [
      ['P00000', 'P70000'],
      ['P00000', 'P70000', 'P71000', 'P72000', 'P73000', 'administrator2'],
    ])
      expect(go('/info/alarmNotify', loaded(...codes))).toMatchObject({ to: UNAUTHORIZED_URL });
  });

  it('routes without a perms list open to every logged-in user', () => {
    const roles = loaded('P00000');
    for (const path of [
      '/404',
      '/401',
      '/exception/403',
      '/privacy',
      '/findPass',
      '/documentAppKey',
      '/nowhere',
    ]) {
      expect(go(path, roles)).toEqual({ type: 'allow' });
    }
    expect(go('/info/systemMsg', loaded('P00000', 'P70000'))).toEqual({ type: 'allow' });
    expect(go('/designNewChart', roles)).toEqual({ type: 'allow' });
  });

  it('trailing slashes are ignored', () => {
    expect(go('/login/', anonymous)).toEqual({ type: 'allow' });
  });
});

describe('permsChain over the real route table', () => {
  it('collects every matched level, outermost first', () => {
    // The root, the antd layout (no list of its own), the console, then the pages.
    expect(chain('/analysis/flowAnalysis/detail/9')).toEqual([
      undefined,
      undefined,
      ['P00000'],
      ['P60000'],
      ['P62000'],
      ['P62200'],
    ]);
    expect(chain('/designConfigure/id=12')).toEqual([undefined, undefined, ['P00000'], ['P41600']]);
    expect(chain('/monitor/middlewaresDevice/id=1/module=2')).toEqual([
      undefined,
      undefined,
      ['P00000'],
      ['P110000'],
      undefined,
    ]);
  });

  it('unknown paths match only the root and the catch-all', () => {
    expect(chain('/nowhere/at/all')).toEqual([undefined, undefined]);
  });

  it('canOpen needs every level', () => {
    expect(canOpen([['A'], undefined, ['B', 'C']], new Set(['A', 'C']))).toBe(true);
    expect(canOpen([['A'], ['B']], new Set(['A']))).toBe(false);
    expect(canOpen([[]], new Set())).toBe(true);
  });
});

describe('filterRoutes', () => {
  const routes: AppRoute[] = [
    { path: 'open', lazy: page },
    {
      path: 'group',
      perms: ['G'],
      children: [
        { path: 'a', perms: ['A'], lazy: page },
        {
          path: 'b',
          perms: ['B'],
          lazy: page,
          children: [
            { path: 'deep', perms: ['D'], lazy: page },
            { path: 'free', lazy: page },
          ],
        },
      ],
    },
    { path: 'closed', perms: ['X'], lazy: page },
  ];

  it('filters children recursively; routes without perms stay', () => {
    const out = filterRoutes(routes, new Set(['G', 'B']));
    expect(out.map((r) => r.path)).toEqual(['open', 'group']);
    const group = out[1]!;
    expect(group.children?.map((r) => r.path)).toEqual(['b']);
    expect(group.children?.[0]?.children?.map((r) => r.path)).toEqual(['free']);
  });

  it('drops a parent the codes do not open, with all its children', () => {
    expect(filterRoutes(routes, new Set(['A', 'B', 'D'])).map((r) => r.path)).toEqual(['open']);
  });

  it('lists menu pages in order, skipping hidden and parameterised ones', () => {
    const withHidden: AppRoute[] = [
      {
        path: 'g',
        children: [
          { path: 'x/:id', lazy: page },
          { path: 'h', hidden: true, lazy: page },
          { path: 'y', lazy: page },
        ],
      },
      { path: 'z', lazy: page },
    ];
    expect(menuPagePaths(withHidden)).toEqual(['/g/y', '/z']);
  });
});

describe('runGuard', () => {
  function deps(overrides: Partial<GuardDeps> = {}, initial: GuardSnapshot = freshLogin) {
    let state = initial;
    const calls: string[] = [];
    const d: GuardDeps = {
      snapshot: () => state,
      chain,
      loadCustomPage: () => {
        calls.push('customPage');
        return Promise.resolve();
      },
      loadPermissions: () => {
        calls.push('permissions');
        state = loaded('P00000', 'P10000', 'P30000', 'P31000');
        return Promise.resolve();
      },
      takeOldUserFlag: () => false,
      defaultPage: () => '/device/devgroup',
      isAuthFailure: (e) => e instanceof Error && e.message === 'token',
      clearSession: vi.fn(),
      log: vi.fn(),
      ...overrides,
    };
    return { d, calls };
  }

  it('loads the custom page config, then the permissions, then decides', async () => {
    const { d, calls } = deps();
    await expect(runGuard({ path: '/index', search: '' }, d)).resolves.toEqual({ type: 'allow' });
    expect(calls).toEqual(['customPage', 'permissions']);
  });

  it('after loading, a route the roles do not open goes to /401', async () => {
    const { d } = deps();
    await expect(runGuard({ path: '/team/user', search: '' }, d)).resolves.toEqual({
      type: 'redirect',
      to: UNAUTHORIZED_URL,
      replace: true,
    });
  });

  it('a failing custom page config is only logged', async () => {
    const log = vi.fn();
    const { d, calls } = deps({
      loadCustomPage: () => {
        calls.push('customPage');
        return Promise.reject(new Error('boom'));
      },
      log,
    });
    await expect(runGuard({ path: '/index', search: '' }, d)).resolves.toEqual({ type: 'allow' });
    expect(calls).toEqual(['customPage', 'permissions']);
    expect(log).toHaveBeenCalledOnce();
  });

  it('an old user is sent to the default page (the flag is consumed)', async () => {
    let flag = true;
    const takeOldUserFlag = vi.fn(() => {
      const was = flag;
      flag = false;
      return was;
    });
    const { d } = deps({ takeOldUserFlag });
    await expect(runGuard({ path: '/', search: '' }, d)).resolves.toEqual({
      type: 'redirect',
      to: '/device/devgroup',
      replace: true,
    });
    expect(takeOldUserFlag).toHaveBeenCalledOnce();
  });

  it('an old user signing in on the way to the QR confirm page comes back to it', async () => {
    const takeOldUserFlag = vi.fn(() => true);
    const { d } = deps({ takeOldUserFlag });
    await expect(runGuard({ path: '/qrLogin', search: '?key=abc' }, d)).resolves.toEqual({ type: 'allow' });
    expect(takeOldUserFlag).toHaveBeenCalledOnce();
  });

  it('the QR confirm page needs a token: without one it goes to sign in and back', () => {
    expect(decide({ path: '/qrLogin', search: '?key=abc' }, [], { ...freshLogin, token: '' })).toEqual({
      type: 'redirect',
      to: loginUrl('/qrLogin', '?key=abc'),
      replace: false,
    });
  });

  it('an old user already on the default page just proceeds', async () => {
    const { d } = deps({ takeOldUserFlag: () => true });
    await expect(runGuard({ path: '/device/devgroup', search: '' }, d)).resolves.toEqual({ type: 'allow' });
  });

  it('a revoked token while loading permissions clears the session and goes to /login', async () => {
    const clearSession = vi.fn();
    const { d } = deps({ loadPermissions: () => Promise.reject(new Error('token')), clearSession });
    await expect(runGuard({ path: '/index', search: '?a=1' }, d)).resolves.toEqual({
      type: 'redirect',
      to: loginUrl('/index', '?a=1'),
      replace: true,
    });
    expect(clearSession).toHaveBeenCalledOnce();
  });

  it('other permission failures propagate to the error boundary', async () => {
    const { d } = deps({ loadPermissions: () => Promise.reject(new Error('500')) });
    await expect(runGuard({ path: '/index', search: '' }, d)).rejects.toThrow('500');
  });

  it('does not load anything when roles are loaded already', async () => {
    const { d, calls } = deps({}, loaded('P00000', 'P10000'));
    await expect(runGuard({ path: '/index', search: '' }, d)).resolves.toEqual({ type: 'allow' });
    expect(calls).toEqual([]);
  });

  it('does not load anything without a token', async () => {
    const { d, calls } = deps({}, anonymous);
    await expect(runGuard({ path: '/index', search: '' }, d)).resolves.toMatchObject({ type: 'redirect' });
    expect(calls).toEqual([]);
  });
});

describe('chunk load failures', () => {
  it('retries the navigation once, then reloads once, then fails', () => {
    expect(chunkFailureAction(0, false)).toBe('retry');
    expect(chunkFailureAction(1, false)).toBe('reload');
    expect(chunkFailureAction(1, true)).toBe('fail');
  });

  it('recognises dynamic import failures of the major browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /iotyun/assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
