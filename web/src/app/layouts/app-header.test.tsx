import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/session';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { bodyOf, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { AppHeader } from './app-header';

beforeEach(() => {
  signInAs(['P10000', 'P70000', 'P73000'], { name: 'admin' });
  installFakeRtd();
});

afterEach(() => {
  appStore.setState({ bellBadge: true });
  setRtdClient(null);
  vi.useRealTimers();
});

describe('AppHeader bell', () => {
  it('without the fault list permission only counts', async () => {
    signInAs(['P10000'], { name: 'admin' });
    mockApi({ 'GET /rAlarmDev/count': () => ok({ unconfirmed: 2, today: 2 }) });
    renderRoutes([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
    ]);
    const bell = screen.getByRole('button', { name: /^未确认告警/ });
    await waitFor(() => expect(bell).toHaveTextContent('2'));
    expect(bell).toHaveAccessibleName('未确认告警 2 条');
    expect(bell).not.toHaveAttribute('aria-haspopup');
  });

  it('shows the unconfirmed alarms, refetches on a push and opens the fault page', async () => {
    let unconfirmed = 3;
    const alarm = {
      id: 7,
      device_id: 12,
      sn_code: 'IOT0000002',
      dev_alias: '2号泵站',
      data_source_id: 3,
      data_source_name: '出水压力',
      alarm_name: '压力过高',
      alarm_level: 1,
      alarm_type: 1,
      alarm_info: null,
      value: 1.8,
      alarm_time: Date.now(),
      recover_time: null,
      confirm_time: null,
      confirm_userName: null,
      alarm_note: null,
    };
    const calls = mockApi({
      'GET /rAlarmDev/count': () => ok({ unconfirmed, today: 9 }),
      'GET /rAlarmDev': () => ok({ items: [alarm], total: 4, page: 1, page_size: 5 }),
    });
    renderRoutes([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
      { path: '/info/realTimeFault', element: <p>faults</p> },
    ]);
    const bell = screen.getByRole('button', { name: /^未确认告警/ });
    await waitFor(() => expect(bell).toHaveTextContent('3'));
    const countCalls = () => calls.filter((c) => c.url === '/rAlarmDev/count');
    expect(countCalls()[0]?.params).toEqual({ tz: -new Date().getTimezoneOffset() || 0 });

    act(() => {
      FakeSocket.last!.open();
    });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', alarms: true });
    unconfirmed = 4;
    act(() => {
      FakeSocket.last!.receive({ type: 'alarm', alarm: { id: 1, device_id: 2, alarm_type: 1 } });
    });
    await waitFor(() => expect(bell).toHaveTextContent('4'), { timeout: 3000 });
    expect(bell).toHaveAccessibleName('未确认告警 4 条');

    // A click opens the latest unconfirmed alarms, each linking to its device; the footer opens the fault page.
    const user = userEvent.setup();
    await user.click(bell);
    const link = await screen.findByRole('link', { name: '压力过高' });
    expect(link).toHaveAttribute('href', '/deviceDetail/12');
    expect(screen.getByText(/2号泵站 ·/)).toBeInTheDocument();
    expect(screen.getByText('1 级')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/rAlarmDev')?.params).toMatchObject({ page: 1, page_size: 5 });
    await user.click(screen.getByRole('button', { name: '查看全部实时告警（4）' }));
    expect(await screen.findByText('faults')).toBeInTheDocument();
  });
});

// --- the bell's messages -----------------------------------------------------------------------------------------

function message(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'message',
    title: `消息 ${String(id)}`,
    body: '',
    text_key: '',
    params: {},
    link_type: null,
    link_id: null,
    sender_id: 2,
    sender_name: '张三',
    created_at: Date.now(),
    read: false,
    read_at: null,
    ...over,
  };
}

interface Inbox {
  items: ReturnType<typeof message>[];
  unread: number;
}

/** The header with `alarms` unconfirmed alarms (none listed) and the inbox `inbox` (changed by the test). */
function renderBell(inbox: Inbox, alarms = 3) {
  const calls = mockApi({
    'GET /rAlarmDev/count': () => ok({ unconfirmed: alarms, today: alarms }),
    'GET /rAlarmDev': () => ok({ items: [], total: alarms, page: 1, page_size: 5 }),
    'GET /yun/messageCenter/receive': () =>
      ok({ items: inbox.items, total: inbox.items.length, page: 1, page_size: 5, unread: inbox.unread }),
    'POST /yun/message/receive/read': (config) => {
      const body = bodyOf(config) as { ids?: number[]; all?: boolean };
      const before = inbox.unread;
      inbox.items = body.all ? [] : inbox.items.filter((m) => !body.ids?.includes(m.id));
      inbox.unread = body.all ? 0 : Math.max(0, inbox.unread - (body.ids?.length ?? 0));
      return ok({ updated: before - inbox.unread, unread: inbox.unread });
    },
  });
  renderRoutes([
    { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
    { path: '/info/inbox', element: <p>inbox page</p> },
    { path: '/info/systemMsg', element: <p>notices page</p> },
    { path: '/info/realTimeFault', element: <p>faults</p> },
  ]);
  return calls;
}

const inboxCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/yun/messageCenter/receive');

describe('AppHeader bell messages', () => {
  beforeEach(() => {
    signInAs(['P10000', 'P70000', 'P71000', 'P73000'], { name: 'admin' });
  });

  it('sums the unconfirmed alarms and the unread messages, and reads the inbox again on a push', async () => {
    const inbox: Inbox = { items: [message(11), message(12)], unread: 2 };
    const calls = renderBell(inbox);
    const bell = await screen.findByRole('button', { name: '未确认告警 3 条，未读消息 2 条' });
    expect(bell).toHaveTextContent('5');
    expect(inboxCalls(calls)[0]?.params).toEqual({ read: false, page: 1, page_size: 5 });

    act(() => {
      FakeSocket.last!.open();
    });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', messages: true });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', alarms: true });
    const asked = inboxCalls(calls).length;
    inbox.items = [message(13), ...inbox.items];
    inbox.unread = 3;
    act(() => {
      FakeSocket.last!.receive({ type: 'message' });
    });
    // The push reads the inbox at once: no waiting for the minute's refresh.
    await waitFor(() => expect(bell).toHaveTextContent('6'));
    expect(bell).toHaveAccessibleName('未确认告警 3 条，未读消息 3 条');
    expect(inboxCalls(calls)).toHaveLength(asked + 1);
  });

  it('lists the unread messages in their tab; one opened is marked read and followed to its page', async () => {
    const inbox: Inbox = {
      items: [
        message(11, { title: '巡检提醒', body: '请今天完成 2 号泵站的巡检' }),
        message(12, {
          kind: 'notice',
          title: '停机公告',
          link_type: 'notice',
          link_id: 3,
          sender_name: null,
        }),
      ],
      unread: 7,
    };
    const calls = renderBell(inbox);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '未确认告警 3 条，未读消息 7 条' }));
    // The alarms first; each tab names its count.
    expect(await screen.findByRole('tab', { name: '告警（3）', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '消息（7）' }));
    const first = await screen.findByRole('link', { name: '巡检提醒' });
    // A message without a page of its own leads to the inbox.
    expect(first).toHaveAttribute('href', '/info/inbox');
    expect(screen.getByText('请今天完成 2 号泵站的巡检')).toBeInTheDocument();
    expect(screen.getByText(/^张三 ·/)).toBeInTheDocument();
    expect(screen.getByText(/^系统 ·/)).toBeInTheDocument();
    const notice = screen.getByRole('link', { name: '停机公告' });
    expect(notice).toHaveAttribute('href', '/info/systemMsg');

    await user.click(notice);
    expect(await screen.findByText('notices page')).toBeInTheDocument();
    await waitFor(() => {
      const read = calls.find((c) => c.url === '/yun/message/receive/read');
      expect(read && bodyOf(read)).toEqual({ ids: [12] });
    });
  });

  it('marks every message read at once and opens the inbox', async () => {
    const inbox: Inbox = { items: [message(11), message(12)], unread: 2 };
    const calls = renderBell(inbox);
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: '未确认告警 3 条，未读消息 2 条' });
    await user.click(bell);
    await user.click(await screen.findByRole('tab', { name: '消息（2）' }));
    expect(await screen.findByRole('link', { name: '消息 11' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '全部标为已读' }));
    expect(await screen.findByText('没有未读消息')).toBeInTheDocument();
    const read = calls.filter((c) => c.url === '/yun/message/receive/read');
    expect(read.map(bodyOf)).toEqual([{ all: true }]);
    // The button is the popover's since the first click (the popover loads with it): found again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '未确认告警 3 条，未读消息 0 条' })).toHaveTextContent('3'),
    );
    expect(bell).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '消息（0）' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '全部标为已读' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看全部消息' }));
    expect(await screen.findByText('inbox page')).toBeInTheDocument();
  });

  it('opens on the messages when no alarm waits', async () => {
    renderBell({ items: [message(11)], unread: 1 }, 0);
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: '未确认告警 0 条，未读消息 1 条' });
    await user.click(bell);
    expect(await screen.findByRole('tab', { name: '消息（1）', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '消息 11' })).toBeInTheDocument();
  });

  it('keeps the focus on the bell opened from the keyboard while its popover loads', async () => {
    renderBell({ items: [message(11)], unread: 1 }, 0);
    const user = userEvent.setup();
    const name = '未确认告警 0 条，未读消息 1 条';
    (await screen.findByRole('button', { name })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: '消息 11' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name })).toHaveFocus();
  });

  it('a user without the inbox right sees the alarms only, counted without messages', async () => {
    signInAs(['P10000', 'P70000', 'P73000'], { name: 'admin' });
    const calls = renderBell({ items: [message(11)], unread: 4 });
    const bell = await screen.findByRole('button', { name: '未确认告警 3 条' });
    await waitFor(() => expect(bell).toHaveTextContent('3'));
    act(() => {
      FakeSocket.last!.open();
    });
    expect(FakeSocket.last!.sent).not.toContainEqual({ op: 'sub', messages: true });
    const user = userEvent.setup();
    await user.click(bell);
    expect(await screen.findByText('没有未确认的告警')).toBeInTheDocument();
    expect(screen.getByText('未确认告警')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(inboxCalls(calls)).toHaveLength(0);
  });

  it('a user with the inbox only sees the messages', async () => {
    signInAs(['P70000', 'P71000'], { name: 'admin' });
    const calls = renderBell({ items: [message(11)], unread: 1 });
    const bell = await screen.findByRole('button', { name: '未读消息 1 条' });
    await waitFor(() => expect(bell).toHaveTextContent('1'));
    const user = userEvent.setup();
    await user.click(bell);
    expect(await screen.findByRole('link', { name: '消息 11' })).toBeInTheDocument();
    expect(screen.getByText('未读消息')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/rAlarmDev'))).toHaveLength(0);
  });

  it('hides the badge when the session says so, and keeps the counts in the label', async () => {
    appStore.setState({ bellBadge: false });
    renderBell({ items: [message(11)], unread: 1 });
    const bell = await screen.findByRole('button', { name: '未确认告警 3 条，未读消息 1 条' });
    expect(bell).not.toHaveTextContent(/\d/);
  });
});

describe('AppHeader export centre', () => {
  it('counts the exports at work, stops asking once they are done and opens the export centre', async () => {
    let answers = 0;
    const job = (id: number, state: string) => ({ id, kind: 'report', title: `r${String(id)}`, state });
    const calls = mockApi({
      'GET /rAlarmDev/count': () => ok({ unconfirmed: 0, today: 0 }),
      'GET /yun/exportFile/history': () => {
        answers += 1;
        const items =
          answers === 1
            ? [job(3, 'running'), job(2, 'queued'), job(1, 'done')]
            : [job(3, 'done'), job(2, 'done')];
        return ok({ items, total: items.length, page: 1, page_size: 20 });
      },
    });
    renderRoutes([
      { path: '/', element: <AppHeader onChangePassword={() => undefined} onLogout={() => undefined} /> },
      { path: '/exportCenter', element: <p>export centre</p> },
    ]);
    const button = await screen.findByRole('button', { name: '2 个导出进行中' });
    expect(button).toHaveTextContent('2');
    expect(calls.find((c) => c.url === '/yun/exportFile/history')?.params).toEqual({
      page: 1,
      page_size: 20,
    });
    // Polled until nothing runs, then the badge goes and the asking stops.
    const exportsButton = await screen.findByRole('button', { name: '导出中心' }, { timeout: 6000 });
    const asked = calls.filter((c) => c.url === '/yun/exportFile/history').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((c) => c.url === '/yun/exportFile/history')).toHaveLength(asked);
    await userEvent.setup().click(exportsButton);
    expect(await screen.findByText('export centre')).toBeInTheDocument();
  }, 20_000);
});
