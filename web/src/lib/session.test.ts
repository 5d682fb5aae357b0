import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';

import type { SessionPayload } from '@/types/session';
import {
  addTab,
  applyUserConfig,
  appStore,
  COOKIE,
  login,
  logout,
  readCookie,
  removeCookie,
  removeTab,
  sessionStore,
  setLanguage,
  setSidebarOpened,
  takeOldUserFlag,
  writeCookie,
} from './session';

const payload: SessionPayload = {
  user_id: 7,
  user_name: 'admin',
  nick_name: 'Ada',
  tenant_id: 3,
  tenant_name: 'demo',
  x_Token: 'tok',
  pub_key: 'ab'.repeat(32),
  pri_key: 'cd'.repeat(32),
  expires_at: Date.now() + 3_600_000,
  roles: ['administrator'],
  role_name: 'administrator',
  grantedPermissions: 'P00000,P10000',
  menuPermissions: 'P10000',
  defaultPage: '/index',
  must_change_password: false,
  old_user: true,
  is_admin2: false,
};

beforeEach(() => {
  logout();
  sessionStore.setState({ shareUser: false });
});

describe('session', () => {
  it('login stores user info, name, token, user id and clears the tabs', () => {
    addTab({ name: '/team/user', url: '/team/user', titleKey: 'menu.user' });
    login(payload);
    const s = sessionStore.getState();
    expect(s).toMatchObject({
      name: 'admin',
      token: 'tok',
      userId: '7',
      tenantId: '3',
      navList: [],
      rolesLoaded: false,
    });
    expect(s.userInfo).toEqual({
      user_id: 7,
      user_name: 'admin',
      x_Token: 'tok',
      pub_key: payload.pub_key,
      pri_key: payload.pri_key,
    });
    expect(Cookies.get(COOKIE.token)).toBe('tok');
    expect(Cookies.get(COOKIE.userId)).toBe('7');
    expect(Cookies.get(COOKIE.tenantId)).toBe('3');
    expect(Cookies.get(COOKIE.navList)).toBeUndefined();
  });

  it('remembers the old-user flag until it is taken once', () => {
    login(payload);
    expect(takeOldUserFlag()).toBe(true);
    expect(takeOldUserFlag()).toBe(false);
    login({ ...payload, old_user: false });
    expect(takeOldUserFlag()).toBe(false);
  });

  it('applies the user config: roles, permissions, routes; roles persist unless a share-link user', () => {
    login(payload);
    applyUserConfig(payload, [{ path: 'index' }], '/index');
    expect(sessionStore.getState()).toMatchObject({
      roles: ['administrator'],
      permissions: ['P00000', 'P10000'],
      rolesLoaded: true,
      defaultPage: '/index',
      allowedRoutes: [{ path: 'index' }],
    });
    expect(Cookies.get(COOKIE.roles)).toBe('["administrator"]');

    logout();
    sessionStore.setState({ shareUser: true });
    applyUserConfig(payload, [], '/index');
    expect(Cookies.get(COOKIE.roles)).toBeUndefined();
  });

  it("keeps the role's device items from the user config, and forgets them at logout", () => {
    login(payload);
    expect(sessionStore.getState().deviceItems).toBeNull();
    applyUserConfig({ ...payload, device_permissions: ['history', 'write'] }, [], '/index');
    expect(sessionStore.getState().deviceItems).toEqual(['history', 'write']);
    logout();
    expect(sessionStore.getState().deviceItems).toBeNull();
  });

  it('logout clears token, roles, tenant, tabs and routes', () => {
    login(payload);
    applyUserConfig(payload, [{ path: 'index' }], '/index');
    addTab({ name: '/index', url: '/index', titleKey: 'menu.index' });
    logout();
    expect(sessionStore.getState()).toMatchObject({
      token: '',
      userId: '',
      tenantId: '',
      roles: [],
      permissions: [],
      rolesLoaded: false,
      navList: [],
      allowedRoutes: [],
      userInfo: null,
    });
    for (const name of [
      COOKIE.token,
      COOKIE.userId,
      COOKIE.roles,
      COOKIE.tenantId,
      COOKIE.navList,
      COOKIE.userInfo,
    ]) {
      expect(Cookies.get(name)).toBeUndefined();
    }
  });

  it('adds tabs once per name, removes them by name, and persists the list', () => {
    addTab({ name: '/index', url: '/index', titleKey: 'menu.index' });
    addTab({ name: '/team/user', url: '/team/user', titleKey: 'menu.user' });
    addTab({ name: '/index', url: '/index', titleKey: 'menu.index' });
    expect(sessionStore.getState().navList.map((t) => t.name)).toEqual(['/index', '/team/user']);
    expect(sessionStore.getState().activeIndex).toBe('/index');
    removeTab('/index');
    expect(sessionStore.getState().navList.map((t) => t.name)).toEqual(['/team/user']);
    expect(JSON.parse(Cookies.get(COOKIE.navList) ?? '[]')).toEqual([
      { name: '/team/user', url: '/team/user', titleKey: 'menu.user' },
    ]);
  });

  it('keeps the language and the sidebar state in cookies', () => {
    setLanguage('en');
    expect(Cookies.get('lang')).toBe('en');
    expect(appStore.getState().language).toBe('en');
    setLanguage('zh');
    setSidebarOpened(false);
    expect(Cookies.get(COOKIE.sidebar)).toBe('0');
    setSidebarOpened(true);
    expect(appStore.getState().sidebarOpened).toBe(true);
  });

  it('writes and reads cookies as js-cookie did, so the cookies of earlier versions read the same', () => {
    const value = JSON.stringify([{ name: '/index', titleKey: 'menu.index', url: '/index?a=1&b=中 文;' }]);
    writeCookie('iotyun_test', value);
    expect(Cookies.get('iotyun_test')).toBe(value);
    expect(document.cookie).toContain(
      `iotyun_test=${Cookies.withConverter({}).converter.write(value, 'iotyun_test')}`,
    );
    Cookies.set('iotyun_test', value, { path: '/' });
    expect(readCookie('iotyun_test')).toBe(value);
    Cookies.set('iotyun_quoted', '"a%20b"', { path: '/' });
    expect(readCookie('iotyun_quoted')).toBe(Cookies.get('iotyun_quoted'));
    removeCookie('iotyun_test');
    removeCookie('iotyun_quoted');
    expect(readCookie('iotyun_test')).toBeUndefined();
    expect(Cookies.get('iotyun_quoted')).toBeUndefined();
  });
});
