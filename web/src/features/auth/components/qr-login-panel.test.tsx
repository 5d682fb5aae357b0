import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RequestConfig } from '@/lib/http';
import { logout } from '@/lib/session';
import { setSignBackend, type SignBackend } from '@/lib/sign';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import type { SessionPayload } from '@/types/session';
import { QR_POLL_MS, QrLoginPanel } from './qr-login-panel';

const session: SessionPayload = {
  user_id: 1,
  user_name: 'admin',
  nick_name: '',
  tenant_id: 1,
  tenant_name: 'demo',
  x_Token: 'opaque',
  pub_key: 'ab'.repeat(32),
  pri_key: null,
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

/** POST /user/QR/code answering k1, k2, … */
function codes(): Handler {
  let n = 0;
  return () => {
    n += 1;
    return ok({ key: `k${String(n)}`, expires_at: Date.now() + 120_000, expires_in: 120 });
  };
}

/** POST /user/QR/code/status answering each of `answers` in turn, the last one from then on. */
function statuses(...answers: unknown[]): Handler {
  let n = 0;
  return () => answers[Math.min(n++, answers.length - 1)];
}

const at = (status: string, extra: Record<string, unknown> = {}) =>
  ok({ status, expires_at: Date.now() + 60_000, session: null, ...extra });

const statusCalls = (calls: RequestConfig[]) => calls.filter((c) => c.url === '/user/QR/code/status');

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function panel(handlers: Record<string, Handler>) {
  const calls = mockApi(handlers);
  const onSignedIn = vi.fn();
  const { container } = render(<QrLoginPanel onSignedIn={onSignedIn} />);
  const root = () => container.querySelector('.qr-login');
  return { calls, onSignedIn, root };
}

/** Signs at once (WebCrypto answers from another thread, which a fake clock does not wait for); the signature's
 * bytes are lib/sign's own tests' concern. */
const instantSigner: SignBackend = {
  name: 'noble',
  sha256: () => Promise.resolve(new Uint8Array(32)),
  publicKey: () => Promise.resolve(new Uint8Array(32).fill(1)),
  sign: () => Promise.resolve(new Uint8Array(64).fill(2)),
};

beforeEach(() => {
  logout();
  setSignBackend(instantSigner);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  setSignBackend(null);
});

describe('QrLoginPanel', () => {
  it('shows a code of the console’s confirm page and waits, signed with the tab’s key', async () => {
    const { calls, root } = panel({
      'POST /user/QR/code': codes(),
      'POST /user/QR/code/status': statuses(at('waiting')),
    });
    await flush();
    expect(root()).toHaveAttribute('data-qr-url', `${window.location.origin}/iotyun/qrLogin?key=k1`);
    expect(screen.getByRole('img', { name: '扫码登录二维码' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('等待扫码');
    expect(screen.getByRole('status')).toHaveTextContent('120 秒内有效');
    // Token-less: the ticket is bound to the key the request is signed with.
    expect(calls[0]?.headers).toHaveProperty('PubKey');
    await flush(QR_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(1);
    expect(bodyOf(statusCalls(calls)[0]!)).toEqual({ key: 'k1' });
    expect(statusCalls(calls)[0]?.headers).toHaveProperty('SIG');
    await flush(QR_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('116 秒内有效');
  });

  it('scanned, then confirmed: hands the session over once and stops asking', async () => {
    const { calls, onSignedIn } = panel({
      'POST /user/QR/code': codes(),
      'POST /user/QR/code/status': statuses(at('scanned'), at('confirmed', { session })),
    });
    await flush();
    await flush(QR_POLL_MS);
    expect(screen.getByRole('status')).toHaveTextContent('已扫码，请在手机上确认登录');
    await flush(QR_POLL_MS);
    expect(screen.getByRole('status')).toHaveTextContent('已确认，正在登录');
    expect(onSignedIn).toHaveBeenCalledExactlyOnceWith(session);
    await flush(QR_POLL_MS * 3);
    expect(statusCalls(calls)).toHaveLength(2);
  });

  it('cancelled on the phone: says so and offers a new code', async () => {
    const { calls, root } = panel({
      'POST /user/QR/code': codes(),
      'POST /user/QR/code/status': statuses(at('cancelled'), at('waiting')),
    });
    await flush();
    await flush(QR_POLL_MS);
    expect(screen.getByRole('status')).toHaveTextContent('手机上已取消本次登录');
    expect(root()).not.toHaveAttribute('data-qr-url');
    fireEvent.click(screen.getByRole('button', { name: '刷新二维码' }));
    await flush();
    expect(calls.filter((c) => c.url === '/user/QR/code')).toHaveLength(2);
    expect(root()).toHaveAttribute('data-qr-url', expect.stringContaining('key=k2') as string);
    expect(screen.getByRole('status')).toHaveTextContent('等待扫码');
  });

  it('expires after its two minutes even without an answer, and stops asking', async () => {
    const { calls } = panel({
      'POST /user/QR/code': codes(),
      // The server never answers (offline): the panel keeps its own time.
      'POST /user/QR/code/status': () => new Promise(() => undefined),
    });
    await flush();
    await flush(120_000);
    expect(screen.getByRole('status')).toHaveTextContent('二维码已过期');
    expect(screen.getByRole('button', { name: '刷新二维码' })).toBeInTheDocument();
    const asked = statusCalls(calls).length;
    await flush(QR_POLL_MS * 3);
    expect(statusCalls(calls)).toHaveLength(asked);
  });

  it('the server says expired: the same', async () => {
    panel({ 'POST /user/QR/code': codes(), 'POST /user/QR/code/status': statuses(at('expired')) });
    await flush();
    await flush(QR_POLL_MS);
    expect(screen.getByRole('status')).toHaveTextContent('二维码已过期');
  });

  it('a code that could not be made: the server’s reason and a retry', async () => {
    let n = 0;
    const made = codes();
    const { calls } = panel({
      'POST /user/QR/code': (config) => {
        n += 1;
        return n === 1 ? fail('100008', '请求过于频繁') : made(config);
      },
    });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('请求过于频繁');
    fireEvent.click(screen.getByRole('button', { name: '重 试' }));
    await flush();
    expect(calls.filter((c) => c.url === '/user/QR/code')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('等待扫码');
  });
});
