import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { setSignInPrefetch } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { logout, rememberAccount, sessionStore } from '@/lib/session';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import type { SessionPayload } from '@/types/session';
import LoginPage from './login';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const session: SessionPayload = {
  user_id: 1,
  user_name: 'admin',
  nick_name: '',
  tenant_id: 1,
  tenant_name: 'demo',
  x_Token: 'opaque',
  pub_key: 'ab'.repeat(32),
  pri_key: 'cd'.repeat(32),
  expires_at: Date.now() + 3_600_000,
  roles: ['administrator'],
  role_name: 'administrator',
  grantedPermissions: 'P00000,P10000',
  menuPermissions: 'P10000',
  defaultPage: '/index',
  must_change_password: false,
  old_user: false,
  is_admin2: false,
};

function captcha(enabled = true): Handler {
  let n = 0;
  return () => {
    n += 1;
    return ok({ enabled, code_key: `key-${String(n)}`, img: PNG, expires_in: 120 });
  };
}

/** The page as the app shows it: outside antd's providers (it loads no antd), with the query client only. */
function renderLogin(handlers: Record<string, Handler>, entry = '/login') {
  const calls = mockApi(handlers);
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <div>console home</div> },
      { path: '/device/devgroup', element: <div>device groups</div> },
      { path: '/register', element: <div>register page</div> },
    ],
    { initialEntries: [entry] },
  );
  const { container } = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router, container };
}

const captchaCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/yun/login/check/code');

beforeEach(() => {
  queryClient.clear();
  logout();
  rememberAccount(null);
});

describe('LoginPage', () => {
  it('renders the form in Chinese with the captcha image and links', async () => {
    const { container } = renderLogin({ 'GET /yun/login/check/code': captcha() });
    expect(screen.getByRole('heading', { name: '欢迎登录' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('用户名 / 手机号 / 邮箱')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByRole('textbox', { name: '用户名 / 手机号 / 邮箱' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: '记住账号' })).not.toBeChecked();
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('autocomplete', 'current-password');
    expect(await screen.findByRole('img', { name: '图形验证码' })).toHaveAttribute('src', PNG);
    expect(screen.getByRole('link', { name: '立即注册' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '忘记密码？' })).toHaveAttribute('href', '/findPass');
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
    // Drawn without antd: none of its components, none of its class names.
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('starts on the password with a remembered account, and shows the password on request', async () => {
    const user = userEvent.setup();
    rememberAccount('ops');
    renderLogin({ 'GET /yun/login/check/code': captcha() });
    expect(screen.getByRole('textbox', { name: '用户名 / 手机号 / 邮箱' })).toHaveValue('ops');
    expect(screen.getByRole('checkbox', { name: '记住账号' })).toBeChecked();
    const password = screen.getByLabelText('密码', { selector: 'input' });
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('fetches what signing in loads once the user types, not on load', async () => {
    const user = userEvent.setup();
    const prefetch = vi.fn();
    setSignInPrefetch(prefetch);
    renderLogin({ 'GET /yun/login/check/code': captcha() });
    await screen.findByRole('img', { name: '图形验证码' });
    expect(prefetch).not.toHaveBeenCalled();
    await user.type(screen.getByPlaceholderText('用户名 / 手机号 / 邮箱'), 'ad');
    expect(prefetch).toHaveBeenCalledOnce();
  });

  it('hides the captcha when the server disables it', async () => {
    const { calls } = renderLogin({ 'GET /yun/login/check/code': captcha(false) });
    await waitFor(() => {
      expect(captchaCalls(calls)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.queryByPlaceholderText('图形验证码')).not.toBeInTheDocument();
    });
  });

  it('signs in without a captcha when the server disables it', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderLogin({
      'GET /yun/login/check/code': captcha(false),
      'POST /yun/v2/user/login': () => ok(session),
    });
    await waitFor(() => {
      expect(captchaCalls(calls)).toHaveLength(1);
    });
    await user.type(screen.getByPlaceholderText('用户名 / 手机号 / 邮箱'), 'admin');
    await user.type(screen.getByPlaceholderText('密码'), 'secret1{Enter}');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    const login = calls.find((c) => c.url === '/yun/v2/user/login')!;
    expect(bodyOf(login)).toEqual({ username: 'admin', password: 'secret1', code: '', code_key: 'key-1' });
  });

  it('shows the client-side rules before calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderLogin({ 'GET /yun/login/check/code': captcha() });
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名、手机号或邮箱')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.url === '/yun/v2/user/login')).toHaveLength(0);
    // Checked again as the field changes: a typed value clears its message, a cleared one brings it back.
    await user.type(screen.getByPlaceholderText('密码'), 'x');
    expect(screen.queryByText('请输入密码')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('密码')).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByPlaceholderText('密码'));
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
  });

  it('submits with Enter, stores the session and follows the redirect query', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderLogin(
      {
        'GET /yun/login/check/code': captcha(),
        'POST /yun/v2/user/login': () => ok(session),
      },
      '/login?redirect=%2Fdevice%2Fdevgroup',
    );
    await screen.findByRole('img', { name: '图形验证码' });
    await user.type(screen.getByPlaceholderText('用户名 / 手机号 / 邮箱'), ' admin ');
    await user.type(screen.getByPlaceholderText('密码'), 'secret1');
    await user.type(screen.getByPlaceholderText('图形验证码'), 'ab12{Enter}');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/device/devgroup');
    });
    const login = calls.find((c) => c.url === '/yun/v2/user/login')!;
    expect(bodyOf(login)).toEqual({
      username: 'admin',
      password: 'secret1',
      code: 'ab12',
      code_key: 'key-1',
    });
    expect(sessionStore.getState()).toMatchObject({ token: 'opaque', userId: '1', name: 'admin' });
  });

  it('shows a server field error next to its field and fetches a new captcha', async () => {
    const user = userEvent.setup();
    const { calls } = renderLogin({
      'GET /yun/login/check/code': captcha(),
      'POST /yun/v2/user/login': () => fail('110003', '用户名或密码错误', 'password'),
    });
    await screen.findByRole('img', { name: '图形验证码' });
    await user.type(screen.getByPlaceholderText('用户名 / 手机号 / 邮箱'), 'admin');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong1');
    await user.type(screen.getByPlaceholderText('图形验证码'), 'ab12');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('密码')).toHaveAccessibleDescription('用户名或密码错误');
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => {
      expect(captchaCalls(calls)).toHaveLength(2);
    });
    expect(screen.getByPlaceholderText('图形验证码')).toHaveValue('');
    expect(screen.queryByRole('alert', { name: /用户名或密码错误/ })).not.toBeInTheDocument();
    expect(sessionStore.getState().token).toBe('');
  });

  it('shows an error without a field as a form-level alert', async () => {
    const user = userEvent.setup();
    renderLogin({
      'GET /yun/login/check/code': captcha(),
      'POST /yun/v2/user/login': () => fail('100016', '登录失败次数过多，请 15 分钟后再试'),
    });
    await screen.findByRole('img', { name: '图形验证码' });
    await user.type(screen.getByPlaceholderText('用户名 / 手机号 / 邮箱'), 'admin');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong1');
    await user.type(screen.getByPlaceholderText('图形验证码'), 'ab12{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('登录失败次数过多，请 15 分钟后再试');
    // Typing again puts the alert away.
    await user.type(screen.getByPlaceholderText('图形验证码'), 'c');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in by QR code: the tab shows the code, and a confirmed code enters the console', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderLogin(
      {
        'GET /yun/login/check/code': captcha(),
        'POST /user/QR/code': () => ok({ key: 'k1', expires_at: Date.now() + 120_000, expires_in: 120 }),
        'POST /user/QR/code/status': () =>
          ok({ status: 'confirmed', expires_at: 0, session: { ...session, pri_key: null } }),
      },
      '/login?redirect=%2Fdevice%2Fdevgroup',
    );
    expect(screen.getByRole('tab', { name: '账号密码登录' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: '扫码登录' }));
    expect(screen.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByPlaceholderText('密码')).not.toBeInTheDocument();
    // The tab's chunk (antd's QRCode) is loaded on the first click: its first transform takes a while here.
    expect(
      await screen.findByRole('img', { name: '扫码登录二维码' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('device groups', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/device/devgroup');
    expect(sessionStore.getState().token).toBe('opaque');
    // The session came with no private key: the tab signs with its own pair, which the session carries.
    expect(sessionStore.getState().userInfo?.pri_key).toBe('');
    expect(calls.filter((c) => c.url === '/user/QR/code/status')).toHaveLength(1);
  });
});
