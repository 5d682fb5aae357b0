// The operator console's calls ride the operator's own token and never end a tenant user's session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { httpClient, type RawResponse, type RequestConfig } from '@/lib/http';
import { setNavigator } from '@/lib/navigation';
import { logout, sessionStore } from '@/lib/session';

import { clearOperatorSession, operatorSession, setOperatorSession } from '../lib/session';
import { opGet, operatorLogin } from './operator';

const sent: RequestConfig[] = [];
let reply: unknown;
const navigate = vi.fn();

function envelope(success: number, message: string, data: unknown = null) {
  return { meta: { success, message, detail: message, field: null, request_id: 'r' }, data };
}

beforeEach(() => {
  sent.length = 0;
  navigate.mockReset();
  setNavigator(navigate);
  httpClient.defaults.adapter = (config) => {
    sent.push(config);
    const response: RawResponse = {
      data: reply,
      status: 200,
      headers: { 'content-type': 'application/json' },
    };
    return Promise.resolve(response);
  };
  clearOperatorSession();
  logout();
});

afterEach(() => {
  clearOperatorSession();
  logout();
});

const header = (config: RequestConfig | undefined, name: string) =>
  Object.entries(config?.headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

describe('operator calls', () => {
  it('sign in keeps the token for the tab and sends it, not a tenant user’s', async () => {
    reply = envelope(1, '100001', {
      x_Token: 'op-token',
      expires_at: 1,
      operator: {
        id: 1,
        user_name: 'ops',
        display_name: '',
        scopes: ['users'],
        is_active: true,
        last_login_at: null,
      },
    });
    await operatorLogin({ username: 'ops', password: 'secret', code: 'ABCD', code_key: 'k' });
    expect(operatorSession().token).toBe('op-token');
    expect(window.sessionStorage.getItem('iotyun.operator')).toContain('op-token');
    sessionStore.setState({ token: 'tenant-token', userId: '7', tenantId: '3' });
    reply = envelope(1, '100001', { id: 1 });
    await opGet('/administrator/me');
    expect(header(sent.at(-1), 'X-Token')).toBe('op-token');
    expect(header(sent.at(-1), 'X-User')).toBe('');
  });

  it('100009 ends the operator’s session only and goes to the operator sign-in', async () => {
    setOperatorSession({ token: 'op-token', operator: null });
    sessionStore.setState({ token: 'tenant-token', userId: '7', tenantId: '3' });
    reply = envelope(0, '100009');
    await expect(opGet('/administrator/me')).rejects.toThrow();
    expect(operatorSession().token).toBe('');
    expect(sessionStore.getState().token).toBe('tenant-token');
    expect(navigate).toHaveBeenCalledWith('/operator/login', { replace: true });
  });
});
