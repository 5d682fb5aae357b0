import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { messageLink } from '../lib/messages';
import type { MessageOut } from '../types';
import InboxPage from './inbox';

const saved: string[] = [];
vi.mock('@/lib/download', () => ({
  saveBlob: (_blob: Blob, name: string) => {
    saved.push(name);
  },
}));

function message(over: Partial<MessageOut>): MessageOut {
  return {
    id: 1,
    kind: 'message',
    title: '换班通知',
    body: '今晚 8 点换班',
    text_key: '',
    params: {},
    link_type: null,
    link_id: null,
    sender_id: 2,
    sender_name: 'alice',
    created_at: Date.UTC(2026, 10, 29, 10, 0, 0),
    read: false,
    read_at: null,
    ...over,
  };
}

const MESSAGES = [
  message({}),
  message({
    id: 2,
    kind: 'export',
    title: '',
    body: '',
    text_key: 'info.inbox.test.export',
    params: { file: 'history.xlsx' },
    link_type: 'export',
    link_id: 7,
    sender_id: null,
    sender_name: null,
    read: true,
    read_at: Date.UTC(2026, 10, 29, 11, 0, 0),
  }),
];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/messageCenter/receive': () =>
      ok({ items: MESSAGES, total: MESSAGES.length, page: 1, page_size: 20, unread: 1 }),
    'POST /yun/message/receive/read': () => ok({ updated: 1, unread: 0 }),
    'DELETE /yun/messageCenter/receive': () => ok({ deleted: 1, unread: 0 }),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers(), entry = '/info/inbox') {
  const made = mockApi(calls);
  renderRoutes(
    [
      { path: '/info/inbox', Component: InboxPage },
      { path: '/exportCenter', Component: () => <p>export centre</p> },
    ],
    { initialEntries: [entry] },
  );
  return made;
}

const inboxCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/yun/messageCenter/receive' && c.method === 'get');

beforeEach(() => {
  signInAs(['P70000', 'P71000'], { name: 'bob' });
});

describe('the inbox', () => {
  it('lists the messages with the unread ones marked, what the server wrote in the reader’s words, and the sender', async () => {
    renderPage();
    expect(await screen.findByText('换班通知')).toBeInTheDocument();
    expect(screen.getByText('1 条未读')).toBeInTheDocument();
    expect(screen.getByText('今晚 8 点换班')).toBeInTheDocument();
    expect(screen.getByText('alice')).toBeInTheDocument();
    // A message without a sender is the system's; without a text of its own, its key is shown as its title.
    expect(screen.getByText('系统')).toBeInTheDocument();
    expect(screen.getByText('info.inbox.test.export')).toBeInTheDocument();
    expect(screen.getAllByLabelText('未读', { selector: ':not(input)' })).toHaveLength(1);
  });

  it('asks the server with the filters in the address, and says when nothing matches', async () => {
    const calls = renderPage(
      handlers({
        'GET /yun/messageCenter/receive': () =>
          ok({ items: [], total: 0, page: 1, page_size: 20, unread: 0 }),
      }),
      '/info/inbox?kind=alarm&read=false',
    );
    expect(await screen.findByText('没有符合筛选条件的消息')).toBeInTheDocument();
    expect(inboxCalls(calls)[0]?.params).toMatchObject({ kind: 'alarm', read: false, page: 1 });
    // Nothing unread: "mark all read" has nothing to do.
    expect(screen.getByRole('button', { name: /全部标为已读/ })).toBeDisabled();
  });

  it('marks every message read at once, and one by hand', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await screen.findByText('换班通知');
    await user.click(screen.getByRole('button', { name: /全部标为已读/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/yun/message/receive/read').map(bodyOf)).toEqual([{ all: true }]);
    });
    await user.click(screen.getByRole('button', { name: '标为已读' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/yun/message/receive/read').map(bodyOf)).toEqual([
        { all: true },
        { ids: [1] },
      ]);
    });
    // Each refreshes the list.
    await waitFor(() => {
      expect(inboxCalls(calls).length).toBeGreaterThanOrEqual(3);
    });
  });

  it('deletes the selected messages only after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await screen.findByText('换班通知');
    const row = screen.getByText('换班通知').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /删除所选 1 条/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('删除 1 条消息？').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'delete').map(bodyOf)).toEqual([{ ids: [1] }]);
    });
  });

  it('opens what a message is about', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('换班通知');
    await user.click(screen.getByRole('button', { name: '查看' }));
    expect(await screen.findByText('export centre')).toBeInTheDocument();
    expect(messageLink({ link_type: 'device', link_id: 5 })).toBe('/deviceDetail/5');
    expect(messageLink({ link_type: 'upgrade', link_id: 1 })).toBe('/software/upgrade?id=1');
    expect(messageLink({ link_type: null, link_id: null })).toBeNull();
  });

  it('downloads the PC client a message announces, under its name, and marks the message read', async () => {
    const user = userEvent.setup();
    const pc = message({
      id: 9,
      kind: 'upgrade',
      title: '',
      body: '',
      text_key: 'messages.software.pc',
      params: { version: '3.2.0', platform: 'windows', file_name: 'iotyun-setup-3.2.0.exe' },
      link_type: 'software',
      link_id: 12,
      sender_id: null,
      sender_name: null,
    });
    const calls = renderPage(
      handlers({
        'GET /yun/messageCenter/receive': () =>
          ok({ items: [pc], total: 1, page: 1, page_size: 20, unread: 1 }),
        'GET /software/version/file': () => 'MZ-bytes',
      }),
    );
    expect(await screen.findByText('新版电脑客户端：3.2.0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '下载' }));
    await waitFor(() => expect(saved).toContain('iotyun-setup-3.2.0.exe'));
    const fetched = calls.find((c) => c.url === '/software/version/file');
    expect(fetched?.params).toEqual({ id: 12 });
    await waitFor(() => expect(calls.some((c) => c.url === '/yun/message/receive/read')).toBe(true));
  });
});
