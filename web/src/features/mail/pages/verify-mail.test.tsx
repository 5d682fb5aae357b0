// The verification page: the link's token answered once without a token of the console's, then the address shown
// verified, or the link expired (117807) or invalid or used (117806), or no token at all; its texts in zh and en.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { verifyView } from '../lib/verify-state';
import VerifyMailPage from './verify-mail';

function renderPage(search: string, handlers: Record<string, Handler>) {
  const calls = mockApi(handlers);
  const { router } = renderRoutes([{ path: '/verifyMail', element: <VerifyMailPage /> }], {
    initialEntries: [`/verifyMail${search}`],
  });
  return { calls, router };
}

describe('verifyView', () => {
  it('reads the answer', () => {
    expect(verifyView('', false, false, null)).toBe('missing');
    expect(verifyView('t', true, false, null)).toBe('verifying');
    expect(verifyView('t', false, true, null)).toBe('verified');
    expect(verifyView('t', false, false, new Error('network'))).toBe('failed');
  });
});

describe('VerifyMailPage', () => {
  it('verifies the address once and takes the token out of the address bar', async () => {
    const { calls, router } = renderPage('?token=abc_DEF-1', {
      'POST /yun/mail/verify': () => ok({ address: 'ops@example.com', state: 'verified' }),
    });
    expect(await screen.findByText('邮箱已验证')).toBeInTheDocument();
    expect(screen.getByText(/ops@example.com 已确认可以接收/)).toBeInTheDocument();
    const posts = calls.filter((c) => c.url === '/yun/mail/verify');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]!)).toEqual({ token: 'abc_DEF-1' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    ['117807', '验证链接已过期', '验证链接已过期，请重新发送验证邮件'],
    ['117806', '验证链接无效', '验证链接无效或已使用'],
  ])('shows why a link does not verify (%s)', async (code, title, detail) => {
    renderPage('?token=old', { 'POST /yun/mail/verify': () => fail(code, detail) });
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it('asks nothing without a token', async () => {
    const { calls } = renderPage('', {});
    expect(await screen.findByText('缺少验证链接')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('has its texts in English too', () => {
    const t = i18n.getFixedT('en');
    expect(t('mail.verify.verified.title')).toBe('Address verified');
    expect(t('mail.verify.expired.title')).toBe('The verification link has expired');
    expect(t('mail.verify.invalid.title')).toBe('The verification link is invalid');
    expect(t('menu.verifyMail')).toBe('Address verification');
  });
});
