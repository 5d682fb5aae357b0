import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';

import type { SessionPayload } from '@/types/session';
import {
  COOKIE,
  endSimulation,
  login,
  logout,
  SIMULATION_KEY,
  sessionStore,
  startSimulation,
} from './session';

const base: SessionPayload = {
  user_id: 1,
  user_name: 'admin',
  nick_name: '',
  tenant_id: 3,
  tenant_name: 'demo',
  x_Token: 'admin-token',
  pub_key: 'ab'.repeat(32),
  pri_key: 'cd'.repeat(32),
  expires_at: Date.now() + 3_600_000,
  roles: ['administrator'],
  role_name: 'administrator',
  grantedPermissions: 'P00000',
  menuPermissions: 'P10000',
  defaultPage: '/index',
  must_change_password: false,
  old_user: false,
  is_admin2: false,
};

const simulated: SessionPayload = {
  ...base,
  user_id: 42,
  user_name: 'alice',
  x_Token: 'sim-token',
  roles: ['ops'],
  simulated_by: 1,
};

beforeEach(() => {
  logout();
  window.sessionStorage.clear();
  login(base);
});

describe('simulated login (session)', () => {
  it('puts the admin session aside and switches to the simulated one', () => {
    startSimulation(simulated);
    const s = sessionStore.getState();
    expect(s).toMatchObject({ token: 'sim-token', userId: '42', name: 'alice', rolesLoaded: false });
    expect(s.simulation).toEqual({ userName: 'alice', adminName: 'admin' });
    expect(Cookies.get(COOKIE.token)).toBe('sim-token');
    const saved = JSON.parse(window.sessionStorage.getItem(SIMULATION_KEY)!);
    expect(saved).toMatchObject({ token: 'admin-token', userId: '1', tenantId: '3' });
  });

  it('refuses to simulate while already simulating', () => {
    startSimulation(simulated);
    expect(() => startSimulation({ ...simulated, user_name: 'bob' })).toThrow();
  });

  it('restores the admin session, cookies included, and reloads roles', () => {
    startSimulation(simulated);
    expect(endSimulation()).toBe(true);
    const s = sessionStore.getState();
    expect(s).toMatchObject({
      token: 'admin-token',
      userId: '1',
      name: 'admin',
      simulation: null,
      rolesLoaded: false,
      roles: [],
    });
    expect(s.userInfo?.x_Token).toBe('admin-token');
    expect(Cookies.get(COOKIE.token)).toBe('admin-token');
    expect(Cookies.get(COOKIE.userId)).toBe('1');
    expect(window.sessionStorage.getItem(SIMULATION_KEY)).toBeNull();
  });

  it('has nothing to restore without a saved session', () => {
    expect(endSimulation()).toBe(false);
    expect(sessionStore.getState().simulation).toBeNull();
  });

  it('logout and a fresh login forget the saved admin session', () => {
    startSimulation(simulated);
    logout();
    expect(window.sessionStorage.getItem(SIMULATION_KEY)).toBeNull();
    expect(sessionStore.getState().simulation).toBeNull();

    login(base);
    startSimulation(simulated);
    login(base);
    expect(window.sessionStorage.getItem(SIMULATION_KEY)).toBeNull();
    expect(sessionStore.getState().simulation).toBeNull();
  });
});
