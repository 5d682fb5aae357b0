// The operators' sign-in: the graphic captcha, the form's own checks, a sign-in that keeps the operator's session
// for the tab and goes to the statistics, and the server's refusals (wrong password 110003, captcha 110002, the
// throttle 100016) shown in the user's language with a new captcha each time.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setLanguage } from '@/lib/session';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { RequestConfig } from '@/lib/http';
import {
  clearOperatorSession,
  OPERATOR_SESSION_KEY,
  operatorSession,
  setOperatorSession,
} from '../lib/session';
import OperatorLoginPage from './login';

/** A captcha image naming its key, so a test reads which captcha is shown. */
const imageOf = (key: string) => `data:image/png;base64,${btoa(key)}`;

const OPERATOR = {
  id: 3,
  user_name: 'ops',
  display_name: '值班运维',
  scopes: ['statistics', 'users'],
  is_active: true,
  last_login_at: null,
  email: '',
  phone: '',
  alert_channels: [] as ('email' | 'sms')[],
};

/** The captcha endpoint: a new key at each fetch (key-1, key-2 …), enabled or not. */
function captcha(enabled = true): Handler {
  let n = 0;
  return () => {
    n += 1;
    const key = `key-${String(n)}`;
    return ok({ enabled, code_key: key, img: imageOf(key), expires_in: 120 });
  };
}

/** The key of the captcha shown, once one is. */
async function shownKey(): Promise<string> {
  const image = await screen.findByRole('img', { name: '验证码图片' });
  return atob((image.getAttribute('src') ?? '').split(',')[1] ?? '');
}

/** Waits for another captcha than `key` to be shown, and gives its key. */
async function nextKey(key: string): Promise<string> {
  await waitFor(async () => {
    expect(await shownKey()).not.toBe(key);
  });
  return shownKey();
}

function renderLogin(handlers: Record<string, Handler>) {
  const calls = mockApi({ 'GET /yun/login/check/code': captcha(), ...handlers });
  const { router } = renderRoutes(
    [
      { path: '/operator/login', Component: OperatorLoginPage },
      { path: '/operator/statistics', element: <div>statistics page</div> },
    ],
    { initialEntries: ['/operator/login'] },
  );
  return { calls, router };
}

const captchaCalls = (calls: RequestConfig[]) => calls.filter((c) => c.url === '/yun/login/check/code');
const loginCalls = (calls: RequestConfig[]) => calls.filter((c) => c.url === '/administrator/login');

async function fillIn(user: ReturnType<typeof userEvent.setup>, code = 'AB12') {
  await user.type(screen.getByLabelText('账号'), ' ops ');
  await user.type(screen.getByLabelText('密码'), 'secret-pass');
  await user.type(screen.getByRole('textbox', { name: '验证码' }), code);
}

beforeEach(() => {
  clearOperatorSession();
});

afterEach(() => {
  clearOperatorSession();
  act(() => {
    setLanguage('zh');
  });
});

// Each test drives antd's forms, tables and pickers through many renders: on a loaded 2-core machine one can take
// longer than the suite's 20 s default without anything being wrong.
const HEAVY_TEST_MS = 60_000;

describe('OperatorLoginPage', { timeout: HEAVY_TEST_MS }, () => {
  it('shows the captcha image and fetches another on a click', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin({});
    const key = await shownKey();
    const image = screen.getByRole('img', { name: '验证码图片' });
    expect(image).toHaveAttribute('src', imageOf(key));
    expect(image).toHaveAttribute('title', '看不清？点击更换');
    await user.type(screen.getByRole('textbox', { name: '验证码' }), 'XY');
    await user.click(image);
    // Another captcha, and the answer typed for the old one cleared.
    await nextKey(key);
    expect(screen.getByRole('textbox', { name: '验证码' })).toHaveValue('');
  });

  it('asks for every field before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderLogin({});
    await screen.findByRole('img', { name: '验证码图片' });
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    // Blanks are no answer either.
    await user.type(screen.getByLabelText('账号'), '   ');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('signs in: keeps the operator session for the tab and goes to the statistics', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderLogin({
      'POST /administrator/login': () =>
        ok({ x_Token: 'op-token', operator: OPERATOR, expires_at: Date.now() + 8 * 3_600_000 }),
    });
    const key = await shownKey();
    await fillIn(user, ' ab12 ');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/operator/statistics');
    });
    expect(await screen.findByText('statistics page')).toBeInTheDocument();
    const [login] = loginCalls(calls);
    expect(bodyOf(login!)).toEqual({
      username: 'ops',
      password: 'secret-pass',
      code: 'ab12',
      code_key: key,
    });
    // The tenant's token never rides along.
    expect(login!.headers['X-Token']).toBeFalsy();
    expect(operatorSession()).toEqual({ token: 'op-token', operator: OPERATOR });
    expect(JSON.parse(window.sessionStorage.getItem(OPERATOR_SESSION_KEY) ?? '{}')).toMatchObject({
      token: 'op-token',
      operator: { user_name: 'ops' },
    });
  });

  it('sends a signed-in operator straight to the statistics, without a captcha', async () => {
    setOperatorSession({ token: 'op-token', operator: OPERATOR });
    const { calls, router } = renderLogin({});
    expect(await screen.findByText('statistics page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/operator/statistics');
    expect(captchaCalls(calls)).toHaveLength(0);
  });

  it('signs in without a captcha when the server turns it off', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderLogin({
      'GET /yun/login/check/code': captcha(false),
      'POST /administrator/login': () => ok({ x_Token: 'op-token', operator: OPERATOR, expires_at: 1 }),
    });
    // The form drops the captcha once the server says it is off.
    await waitFor(() => {
      expect(screen.queryByRole('textbox', { name: '验证码' })).toBeNull();
    });
    expect(screen.queryByRole('img', { name: '验证码图片' })).toBeNull();
    await user.type(screen.getByLabelText('账号'), 'ops');
    await user.type(screen.getByLabelText('密码'), 'secret-pass{Enter}');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/operator/statistics');
    });
    expect(bodyOf(loginCalls(calls)[0]!)).toMatchObject({
      code: '',
      code_key: expect.stringMatching(/^key-/),
    });
  });

  it('shows a wrong password, keeps no session and asks a new captcha', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderLogin({
      'POST /administrator/login': () => fail('110003', '用户名或密码错误', 'password'),
    });
    const key = await shownKey();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(router.state.location.pathname).toBe('/operator/login');
    expect(operatorSession().token).toBe('');
    expect(window.sessionStorage.getItem(OPERATOR_SESSION_KEY)).toBeNull();
    await nextKey(key);
    expect(screen.getByRole('textbox', { name: '验证码' })).toHaveValue('');
  });

  it('words the code itself when the server sends no text', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin({ 'POST /administrator/login': () => fail('110003', '', 'password') });
    await screen.findByRole('img', { name: '验证码图片' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
  });

  it('shows a refused captcha and sends the next answer with the new captcha', async () => {
    const user = userEvent.setup({ delay: null });
    let refused = true;
    const { calls, router } = renderLogin({
      'POST /administrator/login': () =>
        refused
          ? fail('110002', '图形验证码错误或已过期', 'code')
          : ok({ x_Token: 'op-token', operator: OPERATOR, expires_at: 1 }),
    });
    const first = await shownKey();
    await fillIn(user, 'WRNG');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('图形验证码错误或已过期');
    const second = await nextKey(first);
    refused = false;
    await user.type(screen.getByRole('textbox', { name: '验证码' }), 'RGHT');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/operator/statistics');
    });
    const [refusedLogin, login] = loginCalls(calls);
    expect(bodyOf(refusedLogin!)).toMatchObject({ code: 'WRNG', code_key: first });
    expect(bodyOf(login!)).toMatchObject({ code: 'RGHT', code_key: second });
  });

  it('shows the throttle with the time left', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin({
      'POST /administrator/login': () => fail('100016', '登录失败次数过多，请 900 秒后再试', 'username'),
    });
    await screen.findByRole('img', { name: '验证码图片' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败次数过多，请 900 秒后再试');
    expect(operatorSession().token).toBe('');
  });

  it('reads in English, the checks and the server’s refusal too', async () => {
    act(() => {
      setLanguage('en');
    });
    const user = userEvent.setup({ delay: null });
    renderLogin({ 'POST /administrator/login': () => fail('110003', '', 'password') });
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toBeInTheDocument();
    expect(screen.getByText('Operations sign-in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the account')).toBeInTheDocument();
    // antd validates the fields one after another: each message comes in its own render.
    expect(await screen.findByText('Enter the password')).toBeInTheDocument();
    expect(await screen.findByText('Enter the captcha')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account'), 'ops');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(screen.getByRole('textbox', { name: 'Captcha' }), 'AB12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong user name or password');
    // Nothing left in Chinese: no key missing from the English texts.
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
