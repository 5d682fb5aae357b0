import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { BindAccountModal } from './bind-account-modal';

function renderModal(handlers: Record<string, Handler>) {
  const calls = mockApi(handlers);
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <AntApp>
          <BindAccountModal open onClose={onClose} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { calls, onClose };
}

describe('bind phone or email', () => {
  it('validates the account before sending a code', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal({});
    await user.type(screen.getByLabelText('手机号或邮箱'), 'not-an-account');
    await user.click(screen.getByRole('button', { name: /获取验证码/ }));
    expect(await screen.findByText('请输入 11 位手机号或有效的邮箱地址')).toBeInTheDocument();
    expect(calls.filter((c) => c.url !== '/user/phoneTel')).toHaveLength(0);
  });

  it('shows what the account has now, masked', async () => {
    renderModal({ 'GET /user/phoneTel': () => ok({ phone: '138****5678', email: null }) });
    expect(await screen.findByText('当前绑定：手机 138****5678，邮箱 无')).toBeInTheDocument();
  });

  it('sends a code, starts the countdown and binds', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = renderModal({
      'POST /user/account/bind/code': () => ok({ expires_in: 300, resend_after: 45 }),
      'POST /user/account/bind': () => ok({ user_id: 1, user_name: 'admin' }),
    });
    await user.type(screen.getByLabelText('手机号或邮箱'), ' bob@example.com ');
    await user.click(screen.getByRole('button', { name: /获取验证码/ }));
    expect(await screen.findByRole('button', { name: /45 秒后重发/ })).toBeDisabled();
    expect(bodyOf(calls.find((c) => c.url === '/user/account/bind/code')!)).toEqual({
      account: 'bob@example.com',
    });
    await user.type(screen.getByLabelText('短信或邮箱验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(bodyOf(calls.find((c) => c.url === '/user/account/bind')!)).toEqual({
      account: 'bob@example.com',
      sms_code: '123456',
    });
  });

  it('shows a server error next to its field', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal({
      'POST /user/account/bind': () => fail('110320', '验证码错误', 'sms_code'),
    });
    await user.type(screen.getByLabelText('手机号或邮箱'), '13900000000');
    await user.type(screen.getByLabelText('短信或邮箱验证码'), '000000');
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    expect(screen.getByText('验证码错误').closest('.ant-form-item')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
