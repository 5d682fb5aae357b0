import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { login, logout } from '@/lib/session';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { SessionPayload } from '@/types/session';
import QrLoginPage from './qr-login';

const phone: SessionPayload = {
  user_id: 7,
  user_name: 'admin',
  nick_name: '',
  tenant_id: 1,
  tenant_name: 'demo',
  x_Token: 'phone-token',
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

const request = {
  user_name: 'admin',
  client_ip: '203.0.113.9',
  user_agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36',
  created_at: Date.UTC(2027, 0, 3, 1, 2, 3),
  expires_at: Date.UTC(2027, 0, 3, 1, 4, 3),
};

function open(handlers: Record<string, Handler>, entry = '/qrLogin?key=k1') {
  const calls = mockApi(handlers);
  const rendered = renderRoutes(
    [
      { path: '/qrLogin', Component: QrLoginPage },
      { path: '/', element: <div>console home</div> },
    ],
    { initialEntries: [entry] },
  );
  return { calls, ...rendered };
}

beforeEach(() => {
  logout();
  login(phone);
});

describe('QrLoginPage', () => {
  it('asks whether to sign the other browser in, showing what asks, and confirms', async () => {
    const { calls } = open({
      'POST /user/QR/code/scan': () => ok(request),
      'POST /user/QR/code/confirm': () => ok(null),
    });
    expect(await screen.findByText('以 admin 的身份登录另一个浏览器？')).toBeInTheDocument();
    expect(screen.getByText('Chrome · Windows')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
    expect(bodyOf(calls[0]!)).toEqual({ key: 'k1' });
    // The phone's own session, not a signature.
    expect(calls[0]?.headers).toHaveProperty('X-Token', 'phone-token');
    await userEvent.click(screen.getByRole('button', { name: '确认登录' }));
    expect(await screen.findByText('另一个浏览器正在登录，您可以关闭此页面。')).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.url === '/user/QR/code/confirm')!)).toEqual({
      key: 'k1',
      accept: true,
    });
  });

  it('cancels', async () => {
    const { calls } = open({
      'POST /user/QR/code/scan': () => ok(request),
      'POST /user/QR/code/confirm': () => ok(null),
    });
    await userEvent.click(await screen.findByRole('button', { name: '取 消' }));
    expect(await screen.findByText('已取消本次登录。')).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.url === '/user/QR/code/confirm')!)).toEqual({
      key: 'k1',
      accept: false,
    });
  });

  it('an expired or used code says so, with the way to the console', async () => {
    const { router } = open({
      'POST /user/QR/code/scan': () => fail('110334', '二维码已过期，请刷新', 'key'),
    });
    expect(
      await screen.findByText('二维码已过期或已使用，请在另一个浏览器上刷新二维码。'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '进入控制台' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('a code that expires while the user reads: says so at confirmation', async () => {
    open({
      'POST /user/QR/code/scan': () => ok(request),
      'POST /user/QR/code/confirm': () => fail('110334', '二维码已过期，请刷新', 'key'),
    });
    await userEvent.click(await screen.findByRole('button', { name: '确认登录' }));
    expect(
      await screen.findByText('二维码已过期或已使用，请在另一个浏览器上刷新二维码。'),
    ).toBeInTheDocument();
  });

  it('a refusal of another kind shows its reason and leaves the choice open', async () => {
    open({
      'POST /user/QR/code/scan': () => ok(request),
      'POST /user/QR/code/confirm': () => fail('100016', '登录失败次数过多，请 60 秒后再试'),
    });
    await userEvent.click(await screen.findByRole('button', { name: '确认登录' }));
    expect(await screen.findByText('登录失败次数过多，请 60 秒后再试')).toBeInTheDocument();
    // (antd's loading icon leaves by an animation jsdom never ends: the button is found by its text.)
    await waitFor(() => {
      expect(screen.getByText('确认登录', { selector: 'button span' }).closest('button')).toBeEnabled();
    });
  });

  it('a failed read offers to try again', async () => {
    let n = 0;
    open({
      'POST /user/QR/code/scan': () => {
        n += 1;
        return n === 1 ? fail('100003', '服务异常') : ok(request);
      },
    });
    expect(await screen.findByText('服务异常')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByText('以 admin 的身份登录另一个浏览器？')).toBeInTheDocument();
  });

  it('an address without a code', async () => {
    const { calls } = open({}, '/qrLogin');
    expect(await screen.findByText('该地址不含登录二维码。')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
