// The operator's own contacts: opened from the frame's account menu, read afresh, checked before they are sent (the
// server's rules: an email, an 11-digit phone, a channel only with its address), the server's refusal shown on its
// field, and each opening starting from what the server holds.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';

import {
  clearOperatorSession,
  operatorSession,
  setOperatorSession,
  type OperatorAccount,
} from '../lib/session';
import { OperatorFrame } from './operator-frame';

function account(over: Partial<OperatorAccount> = {}): OperatorAccount {
  return {
    id: 1,
    user_name: 'ops',
    display_name: '',
    scopes: ['statistics'],
    is_active: true,
    last_login_at: null,
    email: 'ops@example.com',
    phone: '',
    alert_channels: ['email'],
    ...over,
  };
}

function renderFrame(handlers: Record<string, Handler>) {
  const calls = mockApi(handlers);
  renderRoutes([{ path: '/operator/audit', element: <OperatorFrame>page</OperatorFrame> }], {
    initialEntries: ['/operator/audit'],
  });
  return calls;
}

function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function openContact() {
  await userEvent.click(await screen.findByRole('button', { name: /ops/ }));
  await userEvent.click(await screen.findByText('我的联系方式'));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByLabelText('邮箱');
  return drawer;
}

beforeEach(() => {
  setOperatorSession({ token: 'op-token', operator: account() });
});

afterEach(() => {
  clearOperatorSession();
});

describe('ContactDrawer', () => {
  it('checks the contacts before sending them', async () => {
    const calls = renderFrame({ 'GET /administrator/me': () => ok(account()) });
    const drawer = await openContact();
    const email = within(drawer).getByLabelText<HTMLInputElement>('邮箱');
    expect(email.value).toBe('ops@example.com');
    expect(within(drawer).getByRole('checkbox', { name: '邮件' })).toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: '短信' })).not.toBeChecked();
    fill(email, 'not-an-address');
    fill(within(drawer).getByLabelText('手机号'), '12345');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '短信' }));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('邮箱格式不正确')).toBeTruthy();
    expect(within(drawer).getByText('请输入 11 位手机号')).toBeTruthy();
    // A channel needs its address.
    fill(within(drawer).getByLabelText('手机号'), '');
    expect(await within(drawer).findByText('选择短信渠道需要填写手机号')).toBeTruthy();
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  }, 60_000); // a bound for a stall only

  it('saves them for the operator', async () => {
    let held = account();
    const calls = renderFrame({
      'GET /administrator/me': () => ok(held),
      'PUT /administrator/me': (config) => {
        held = account(bodyOf(config) as Partial<OperatorAccount>);
        return ok(held);
      },
    });
    const drawer = await openContact();
    fill(within(drawer).getByLabelText('邮箱'), ' me@example.com ');
    fill(within(drawer).getByLabelText('手机号'), '13800000001');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '短信' }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '邮件' }));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'put')).toBe(true);
    });
    const put = calls.find((c) => c.method === 'put')!;
    expect(bodyOf(put)).toEqual({ email: 'me@example.com', phone: '13800000001', alert_channels: ['sms'] });
    expect(put.headers['X-Token']).toBe('op-token');
    expect(await screen.findByText('联系方式已保存')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    // The session's account follows.
    expect(operatorSession().operator?.phone).toBe('13800000001');
  }, 60_000); // a bound for a stall only

  it("shows the server's refusal on its field", async () => {
    renderFrame({
      'GET /administrator/me': () => ok(account()),
      'PUT /administrator/me': () => fail('110304', '邮箱格式不正确（服务器）', 'email'),
    });
    const drawer = await openContact();
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('邮箱格式不正确（服务器）')).toBeTruthy();
    expect(within(drawer).getByLabelText('邮箱').closest('.ant-form-item')).toHaveClass(
      'ant-form-item-has-error',
    );
  });

  it('starts each opening from what the server holds', async () => {
    renderFrame({ 'GET /administrator/me': () => ok(account({ phone: '13800000001' })) });
    let drawer = await openContact();
    const phone = within(drawer).getByLabelText<HTMLInputElement>('手机号');
    expect(phone.value).toBe('13800000001');
    fill(phone, '139');
    expect(phone.value).toBe('139');
    await userEvent.click(within(drawer).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    drawer = await openContact();
    expect(within(drawer).getByLabelText<HTMLInputElement>('手机号').value).toBe('13800000001');
  });
});
