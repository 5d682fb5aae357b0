import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';

import { sessionStore } from '@/lib/session';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { NoticePopup } from './notice-popup';

const NOTICES = [
  {
    message_id: 21,
    notice_id: 3,
    title: '停机维护',
    content: '本周六 22:00 起停机维护。\n预计两小时。',
    sent_at: new Date(2026, 11, 16, 9, 30).getTime(),
    author_name: '管理员',
  },
  {
    message_id: 22,
    notice_id: 4,
    title: '新功能上线',
    content: '消息中心已上线。',
    sent_at: new Date(2026, 11, 16, 10, 0).getTime(),
    author_name: null,
  },
];

function renderPopup(answer: unknown[] = NOTICES) {
  const calls = mockApi({ 'POST /bulletin/board/popup': () => ok(answer) });
  const view = renderRoutes([
    {
      path: '/',
      // Without motion, a closed dialog leaves at once (jsdom never ends a CSS transition).
      element: (
        <ConfigProvider theme={{ token: { motion: false } }}>
          <NoticePopup />
        </ConfigProvider>
      ),
    },
    { path: '/info/systemMsg', element: <p>notices page</p> },
  ]);
  const popupCalls = () => calls.filter((c) => c.url === '/bulletin/board/popup');
  return { ...view, calls, popupCalls };
}

// Each test signs in with a session (token) of its own: the notices are asked for once per session and page load.
describe('notice pop-up', () => {
  it('shows the notices one after another and asks for them once', async () => {
    signInAs(['P70000'], { token: 'one' });
    const { popupCalls, router } = renderPopup();
    const dialog = await screen.findByRole('dialog', { name: '停机维护' });
    expect(dialog).toHaveTextContent('管理员 · 2026-12-16 09:30');
    // The text as written, its line breaks kept.
    const content = dialog.querySelector('.notice-popup__content');
    expect(content?.textContent).toBe('本周六 22:00 起停机维护。\n预计两小时。');
    expect(screen.getByText('第 1 / 2 条')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看全部公告' })).toHaveAttribute('href', '/info/systemMsg');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '下一条' }));
    const second = await screen.findByRole('dialog', { name: '新功能上线' });
    // No author (an account gone): the time alone.
    expect(second).toHaveTextContent('2026-12-16 10:00');
    expect(second).not.toHaveTextContent('·');
    expect(screen.getByText('第 2 / 2 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A page change (a new render of the frame) asks nothing more.
    await router.navigate('/info/systemMsg');
    await router.navigate('/');
    expect(popupCalls()).toHaveLength(1);
  });

  it('asks once per page load even when the frame mounts again', async () => {
    signInAs(['P70000'], { token: 'two' });
    const first = renderPopup([NOTICES[1]]);
    expect(await screen.findByRole('dialog', { name: '新功能上线' })).toBeInTheDocument();
    // A single notice: no counter, OK at once.
    expect(screen.queryByText(/第 1 \/ 1 条/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: '查看全部公告' }));
    expect(await screen.findByText('notices page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const second = renderPopup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.popupCalls()).toHaveLength(1);
    expect(second.popupCalls()).toHaveLength(0);
  });

  it('closed by its ×, leaves the rest to the notices page', async () => {
    signInAs(['P70000'], { token: 'eight' });
    renderPopup();
    const dialog = await screen.findByRole('dialog', { name: '停机维护' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again for a new session', async () => {
    signInAs(['P70000'], { token: 'three' });
    const { popupCalls } = renderPopup([]);
    await waitFor(() => expect(popupCalls()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    mockApi({ 'POST /bulletin/board/popup': () => ok([NOTICES[0]]) });
    sessionStore.setState({ token: 'four' });
    expect(await screen.findByRole('dialog', { name: '停机维护' })).toBeInTheDocument();
  });

  it('asks nothing of a user without the messages right, nor while simulating another user', async () => {
    signInAs(['P10000', 'P71000'], { token: 'five' });
    const { popupCalls } = renderPopup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(popupCalls()).toHaveLength(0);

    signInAs(['P70000'], {
      token: 'six',
      simulation: { userName: 'u5', adminName: 'admin' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(popupCalls()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for the roles before asking', async () => {
    signInAs(['P70000'], { token: 'seven', rolesLoaded: false });
    const { popupCalls } = renderPopup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(popupCalls()).toHaveLength(0);
    sessionStore.setState({ rolesLoaded: true });
    expect(await screen.findByRole('dialog', { name: '停机维护' })).toBeInTheDocument();
    expect(popupCalls()).toHaveLength(1);
  });
});
