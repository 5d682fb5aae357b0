import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import zhErrors from '@/locales/zh/errors.json';
import {
  ApiError,
  get,
  getBlob,
  httpClient,
  post,
  put,
  del,
  syncServerClock,
  type RawResponse,
  type RequestConfig,
} from './http';
import { browser, setNavigator } from './navigation';
import { appStore, logout, sessionStore, setCanvasEdit, setDashboardFullscreen } from './session';
import { ServerClock, bodyDigest, nextTimestamp, serverClock, signingMessage } from './sign';
import { bindFeedback, resetToasts, toastErrorStore, type MessageApi, type ModalApi } from './toast';
import { TransportError, type Adapter } from './transport';

interface Reply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  error?: 'timeout' | 'network';
}

const requests: RequestConfig[] = [];
let replies: Reply[] = [];

const adapter: Adapter = (config) => {
  requests.push(config);
  const reply = replies.shift() ?? { data: ok(null) };
  if (reply.error === 'timeout') {
    return Promise.reject(new TransportError('TIMEOUT', 'timeout of 90000ms exceeded'));
  }
  if (reply.error === 'network') return Promise.reject(new TransportError('NETWORK', 'Network Error'));
  const response: RawResponse = {
    data: reply.data,
    status: reply.status ?? 200,
    headers: { 'content-type': 'application/json', ...reply.headers },
  };
  return Promise.resolve(response);
};

function ok(data: unknown) {
  return { meta: { success: 1, message: '100001', detail: '成功', field: null, request_id: 'r1' }, data };
}

function fail(code: string, detail: string, field: string | null = null) {
  return { meta: { success: 0, message: code, detail, field, request_id: 'r2' }, data: null };
}

function header(config: RequestConfig, name: string): string | undefined {
  const found = Object.entries(config.headers).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return found?.[1];
}

const opened: { type: string; content: unknown; duration: number; key: string }[] = [];
const destroyed: string[] = [];
const fakeMessage: MessageApi = {
  open: (config) => {
    opened.push(config);
  },
  destroy: (key) => {
    destroyed.push(key ?? '*');
  },
};
const confirms: Parameters<ModalApi['confirm']>[0][] = [];
const fakeModal: ModalApi = {
  confirm: (config) => {
    confirms.push(config);
  },
};
const navigate = vi.fn();

function signIn() {
  sessionStore.setState({ token: 'tok-123', userId: '7', tenantId: '3' });
}

beforeEach(() => {
  httpClient.defaults.adapter = adapter;
  requests.length = 0;
  replies = [];
  opened.length = 0;
  destroyed.length = 0;
  confirms.length = 0;
  navigate.mockReset();
  setNavigator(navigate);
  bindFeedback({ message: fakeMessage, modal: fakeModal });
  resetToasts();
  logout();
  setCanvasEdit(false);
  setDashboardFullscreen(false);
  appStore.setState({ statusCode: 0, errorFlag: false, language: 'zh' });
  window.sessionStorage.clear();
  window.history.pushState({}, '', '/iotyun/index');
});

afterEach(() => {
  setNavigator(null);
  bindFeedback({ message: null, modal: null });
});

describe('headers', () => {
  it('sends only X-Token, X-User and X-Tenant with a token', async () => {
    signIn();
    replies = [{ data: ok({ a: 1 }) }];
    await get('/yun/user/config');
    const config = requests[0]!;
    expect(header(config, 'X-Token')).toBe('tok-123');
    expect(header(config, 'X-User')).toBe('7');
    expect(header(config, 'X-Tenant')).toBe('3');
    for (const name of ['TS', 'TTL', 'SIG', 'PubKey', 'Version', 'RequestType']) {
      expect(header(config, name)).toBeUndefined();
    }
  });

  it('omits X-Tenant when no tenant is set', async () => {
    sessionStore.setState({ token: 'tok', userId: '7', tenantId: '' });
    await get('/x');
    expect(header(requests[0]!, 'X-Tenant')).toBeUndefined();
  });

  it('signs token-less requests with a signature that verifies for the sent PubKey', async () => {
    await post('/yun/v2/user/login', { username: 'admin' });
    const config = requests[0]!;
    const pub = header(config, 'PubKey')!;
    const ts = header(config, 'TS')!;
    const sig = header(config, 'SIG')!;
    expect(pub).toMatch(/^[0-9a-f]{64}$/);
    expect(header(config, 'TTL')).toBe('60');
    expect(header(config, 'Version')).toBe('V2');
    expect(header(config, 'RequestType')).toBe('Web');
    expect(header(config, 'X-Token')).toBeUndefined();
    // The body is sent as the very JSON text that was signed.
    expect(config.data).toBe('{"username":"admin"}');
    const message = new TextEncoder().encode(
      `${pub}\n${ts}\n60\nPOST\n/yun/v2/user/login\n${await bodyDigest('{"username":"admin"}')}`,
    );
    expect(ed25519.verify(hexToBytes(sig), message, hexToBytes(pub))).toBe(true);
  });

  it('signs a GET over its path without the query and the empty body', async () => {
    await get('/yun/login/check/code', { a: 1 });
    const config = requests[0]!;
    const message = await signingMessage(header(config, 'PubKey')!, Number(header(config, 'TS')), 60, {
      method: 'GET',
      path: '/yun/login/check/code',
    });
    const sig = hexToBytes(header(config, 'SIG')!);
    expect(
      ed25519.verify(sig, new TextEncoder().encode(message), hexToBytes(header(config, 'PubKey')!)),
    ).toBe(true);
  });

  it('keeps one ephemeral key per tab (sessionStorage) and strictly increasing TS', async () => {
    await get('/a');
    await get('/b');
    await get('/c');
    const keys = requests.map((r) => header(r, 'PubKey'));
    expect(new Set(keys).size).toBe(1);
    const ts = requests.map((r) => Number(header(r, 'TS')));
    expect(ts[1]!).toBeGreaterThan(ts[0]!);
    expect(ts[2]!).toBeGreaterThan(ts[1]!);
  });

  it("signs with the session's pri_key when the browser holds one", async () => {
    const secret = ed25519.utils.randomSecretKey();
    const pubHex = bytesToHex(ed25519.getPublicKey(secret));
    sessionStore.setState({
      userInfo: {
        user_id: 1,
        user_name: 'a',
        x_Token: '',
        pub_key: pubHex,
        pri_key: bytesToHex(secret),
      },
    });
    await get('/yun/login/check/code');
    expect(header(requests[0]!, 'PubKey')).toBe(pubHex);
  });

  it('sends neither token nor signature to the timestamp endpoint, and syncs the clock from it', async () => {
    const serverNow = Date.now() + 3_600_000;
    replies = [{ data: ok(serverNow) }];
    await syncServerClock();
    expect(header(requests[0]!, 'SIG')).toBeUndefined();
    expect(requests[0]!.url).toBe('/yun/sys/info/timestamp');
    expect(Math.abs(serverClock.now() - serverNow)).toBeLessThan(1000);
  });

  it('sends Accept-Language of the current language', async () => {
    appStore.setState({ language: 'en' });
    await get('/x');
    expect(header(requests[0]!, 'Accept-Language')).toBe('en');
  });

  it('uses JSON for a body object and form-urlencoded otherwise', async () => {
    signIn();
    await post('/json', { a: 1 });
    await post('/form', new URLSearchParams({ a: '1' }));
    await post('/empty');
    await put('/json-put', [1, 2]);
    await post('/form-object', { a: 1 }, { form: true });
    const types = requests.map((r) => header(r, 'Content-Type'));
    expect(types[0]).toMatch(/^application\/json/);
    expect(types[1]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(types[2]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(types[3]).toMatch(/^application\/json/);
    expect(types[4]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(requests[0]!.data).toBe('{"a":1}');
    expect(requests[4]!.data).toBe('a=1');
  });

  it('uses the runtime base URL and a 90000 ms timeout', async () => {
    expect(httpClient.defaults.timeout).toBe(90000);
    await get('/x', { page: 1 });
    expect(requests[0]!.baseURL).toBe('/api');
    expect(requests[0]!.timeout).toBe(90000);
    expect(requests[0]!.params).toEqual({ page: 1 });
    window.__IOTYUN_CONFIG__ = { apiBase: 'https://iot.example.com/api' };
    await del('/x');
    expect(requests[1]!.baseURL).toBe('https://iot.example.com/api');
    expect(requests[1]!.method).toBe('delete');
    delete window.__IOTYUN_CONFIG__;
  });
});

describe('envelope', () => {
  it('resolves with data on success', async () => {
    replies = [{ data: ok({ items: [1], total: 1 }) }];
    await expect(get('/list')).resolves.toEqual({ items: [1], total: 1 });
    expect(opened).toHaveLength(0);
  });

  it('toasts meta.detail for 5 s and rejects with ApiError {code, field, detail} on failure', async () => {
    replies = [{ data: fail('110301', '用户名已存在', 'user_name') }];
    const error = await post('/user/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: '110301',
      field: 'user_name',
      detail: '用户名已存在',
      requestId: 'r2',
    });
    expect(opened).toEqual([
      expect.objectContaining({ type: 'error', content: '用户名已存在', duration: 5 }),
    ]);
    expect(appStore.getState().errorFlag).toBe(true);
    expect(toastErrorStore.getState().errors).toEqual(['用户名已存在']);
  });

  it('passes meta.field through without a toast when silent (forms show it next to the field)', async () => {
    replies = [{ data: fail('110003', '用户名或密码错误', 'password') }];
    await expect(post('/yun/v2/user/login', {}, { silent: true })).rejects.toMatchObject({
      field: 'password',
    });
    replies = [{ data: fail('110002', 'x', 'code') }];
    await expect(post('/yun/v2/user/login', {}, { skipErrorToast: true })).rejects.toMatchObject({
      code: '110002',
    });
    expect(opened).toHaveLength(0);
  });

  it('falls back to the errors catalogue when meta.detail is empty', async () => {
    replies = [{ data: fail('100015', '') }, { data: fail('110301', '', 'user_name') }];
    await expect(get('/x')).rejects.toMatchObject({ detail: zhErrors['100015'] });
    expect(opened[0]?.content).toBe(zhErrors['100015']);
    // The catalogue's {field} placeholder takes meta.field.
    await expect(get('/y')).rejects.toMatchObject({
      detail: zhErrors['110301'].replace('{field}', 'user_name'),
    });
  });

  it('returns Excel/blob answers raw', async () => {
    const blob = new Blob(['xlsx'], { type: 'application/vnd.ms-excel' });
    replies = [{ data: blob, headers: { 'content-type': 'application/vnd.ms-excel' } }];
    await expect(getBlob('/yun/his/export')).resolves.toBe(blob);
  });

  it('reads an error envelope sent in answer to a file request', async () => {
    const blob = new Blob([JSON.stringify(fail('110536', '导出超过 5000 行'))], { type: 'application/json' });
    replies = [{ data: blob }];
    await expect(getBlob('/yun/his/export')).rejects.toMatchObject({ code: '110536' });
  });
});

describe('HTTP failures', () => {
  it('HTTP 500 sets the app status code 500 and toasts server busy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    replies = [{ status: 500, data: fail('100003', '服务异常') }];
    await expect(get('/x')).rejects.toMatchObject({ code: '100003', status: 500 });
    expect(appStore.getState().statusCode).toBe(500);
    expect(opened[0]).toMatchObject({ type: 'error', content: '服务器繁忙，请稍后再试' });
  });

  it('toasts a timeout and a network error', async () => {
    replies = [{ error: 'timeout' }, { error: 'network' }];
    await expect(get('/slow')).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(get('/down')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(opened.map((o) => o.content)).toEqual(['请求超时，请检查网络后重试', '网络连接异常，请检查网络']);
  });
});

describe('invalid token', () => {
  it('100009 outside canvas edit clears the session and goes to /login with a redirect', async () => {
    signIn();
    window.history.pushState({}, '', '/iotyun/device/devgroup?page=2');
    replies = [{ data: fail('100009', '非法令牌') }];
    await expect(get('/dev')).rejects.toMatchObject({ code: '100009' });
    expect(sessionStore.getState().token).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fdevice%2Fdevgroup%3Fpage%3D2', {
      replace: true,
    });
    expect(confirms).toHaveLength(0);
    expect(opened.filter((o) => o.type === 'error')).toHaveLength(0);
  });

  it('100009 with skipAuthRedirect leaves the session to the caller', async () => {
    signIn();
    replies = [{ data: fail('100009', '非法令牌') }];
    await expect(get('/yun/user/config', undefined, { skipAuthRedirect: true })).rejects.toMatchObject({
      code: '100009',
    });
    expect(sessionStore.getState().token).toBe('tok-123');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['100009', '50014'])(
    '%s in canvas edit mode asks to re-login; cancel keeps the session',
    async (code) => {
      signIn();
      setCanvasEdit(true);
      replies = [{ data: fail(code, 'x') }];
      await expect(get('/yun/module')).rejects.toMatchObject({ code });
      expect(confirms).toHaveLength(1);
      expect(confirms[0]).toMatchObject({ type: 'warning', okText: '重新登录' });
      confirms[0]!.onCancel();
      expect(sessionStore.getState().token).toBe('tok-123');
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('re-login from the canvas confirm logs out and reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    signIn();
    setCanvasEdit(true);
    replies = [{ data: fail('100009', 'x') }];
    await expect(get('/yun/module')).rejects.toBeInstanceOf(ApiError);
    confirms[0]!.onOk();
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledOnce();
    });
    expect(sessionStore.getState().token).toBe('');
  });

  it('100013 raises the forced password change instead of a toast', async () => {
    signIn();
    replies = [{ data: fail('100013', '请先修改密码') }];
    await expect(get('/dev')).rejects.toMatchObject({ code: '100013' });
    expect(sessionStore.getState().mustChangePassword).toBe(true);
    expect(opened).toHaveLength(0);
  });
});

describe('one error toast at a time on dashboard pages', () => {
  it.each(['/dashboard', '/configureMonitor', '/configurationCarousel'])('on %s', async (page) => {
    window.history.pushState({}, '', `/iotyun${page}`);
    replies = [{ data: fail('100002', 'a') }, { data: fail('100002', 'b') }];
    await expect(get('/x')).rejects.toBeInstanceOf(ApiError);
    await expect(get('/y')).rejects.toBeInstanceOf(ApiError);
    expect(opened.filter((o) => o.type === 'error')).toHaveLength(1);
    // Both are still recorded in the error list.
    expect(toastErrorStore.getState().errors).toEqual(['a', 'b']);
  });

  it('does not apply in fullscreen, to dashboard requests, or on other pages', async () => {
    window.history.pushState({}, '', '/iotyun/dashboard');
    replies = [{ data: fail('100002', 'a') }, { data: fail('100002', 'b') }];
    await get('/x', undefined, { dashboardRequest: true }).catch(() => undefined);
    await get('/y', undefined, { dashboardRequest: true }).catch(() => undefined);
    expect(opened).toHaveLength(2);

    opened.length = 0;
    resetToasts();
    setDashboardFullscreen(true);
    replies = [{ data: fail('100002', 'a') }, { data: fail('100002', 'b') }];
    await get('/x').catch(() => undefined);
    await get('/y').catch(() => undefined);
    expect(opened).toHaveLength(2);

    opened.length = 0;
    resetToasts();
    setDashboardFullscreen(false);
    window.history.pushState({}, '', '/iotyun/device/devgroup');
    replies = [{ data: fail('100002', 'a') }, { data: fail('100002', 'b') }];
    await get('/x').catch(() => undefined);
    await get('/y').catch(() => undefined);
    expect(opened).toHaveLength(2);
  });
});

describe('signing clock', () => {
  it('never repeats or goes back, even when the clock does', () => {
    let now = 1_000_000;
    const clock = new ServerClock(() => now);
    const a = nextTimestamp('k1', clock);
    now -= 5_000;
    const b = nextTimestamp('k1', clock);
    const c = nextTimestamp('k1', clock);
    expect(b).toBe(a + 1);
    expect(c).toBe(a + 2);
    // Another key has its own sequence.
    expect(nextTimestamp('k2', clock)).toBe(now);
  });

  it('uses the Date header until the timestamp endpoint answers, then the server time', () => {
    let now = 1_000_000;
    const clock = new ServerClock(() => now);
    expect(clock.now()).toBe(now);
    clock.syncDateHeader('Thu, 01 Jan 1970 00:20:00 GMT');
    expect(clock.currentSource).toBe('date');
    expect(clock.now()).toBe(1_200_500);
    clock.syncServer(5_000_000, now - 100, now + 100);
    expect(clock.currentSource).toBe('server');
    now += 1000;
    expect(clock.now()).toBe(5_001_000);
    clock.syncDateHeader('Thu, 01 Jan 1970 00:00:01 GMT');
    expect(clock.now()).toBe(5_001_000);
  });
});
