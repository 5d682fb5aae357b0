import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { NOTICE_SCHEDULE_MAX_DAYS } from '@/types/limits.gen';
import type { NoticeOut, SentOut } from '../api/system-msg-types';
import { NoticeFormModal } from '../components/notice-form-modal';
import SystemMsgPage from './system-msg';

const NOW = Date.now();

function notice(over: Partial<NoticeOut>): NoticeOut {
  return {
    id: 1,
    title: '停机检修通知',
    content: '本周六 8:00–12:00 停机检修',
    state: 'sent',
    author_id: 2,
    author_name: 'alice',
    group_id: null,
    group_name: null,
    send_at: null,
    sent_at: NOW - 3_600_000,
    recipients: 12,
    created_at: NOW - 7_200_000,
    updated_at: NOW - 3_600_000,
    manageable: true,
    ...over,
  };
}

const NOTICES = [
  notice({}),
  notice({
    id: 2,
    title: '安全培训',
    content: '下周一全员安全培训',
    state: 'unsent',
    group_id: 4,
    group_name: '一车间',
    sent_at: null,
    recipients: 0,
  }),
  notice({
    id: 3,
    title: '年度盘点',
    content: '年底盘点安排',
    state: 'scheduled',
    send_at: NOW + 86_400_000,
    sent_at: null,
    recipients: 0,
  }),
];

const SENT: SentOut[] = [
  {
    id: 7,
    title: '交接班提醒',
    body: '请按时交接班',
    users: [{ id: 3, name: 'carol' }],
    roles: [{ id: 5, name: 'administrator2' }],
    groups: [
      { id: 4, name: '一车间' },
      { id: 8, name: '二车间' },
    ],
    recipients: 10,
    read: 3,
    created_at: NOW - 60_000,
  },
];

const board = (items: NoticeOut[], canWrite: boolean) =>
  ok({ items, total: items.length, page: 1, page_size: 20, can_write: canWrite });

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /bulletin/board': () => board(NOTICES, true),
    'POST /bulletin/board': (config) =>
      ok(notice({ id: 9, state: 'unsent', sent_at: null, recipients: 0, ...(bodyOf(config) as object) })),
    'POST /bulletin/board/2/send': () =>
      ok({ ...NOTICES[1], state: 'sent', sent_at: Date.now(), recipients: 5 }),
    'POST /bulletin/board/9/send': () =>
      ok(notice({ id: 9, state: 'sent', sent_at: Date.now(), recipients: 12 })),
    'POST /bulletin/board/3/send': (config) =>
      ok({ ...NOTICES[2], send_at: (bodyOf(config) as { at: number }).at }),
    'GET /yun/messageCenter/send': () => ok({ items: SENT, total: SENT.length, page: 1, page_size: 20 }),
    'DELETE /yun/messageCenter/send': () => ok({ deleted: 1 }),
    'GET /yun/user/role': () =>
      ok({
        items: [
          { id: 5, name: 'administrator2', code: 'administrator2' },
          { id: 6, name: '运维', code: 'role_6' },
        ],
        total: 2,
        page: 1,
        page_size: 200,
      }),
    'GET /yun/user/group': () =>
      ok([{ id: 4, name: '一车间', parent_id: null, user_count: 3, children: [] }]),
    'GET /yun/userInfo': () => ok({ items: [], total: 0, page: 1, page_size: 50 }),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers(), entry = '/info/systemMsg') {
  const made = mockApi(calls);
  const { router } = renderRoutes([{ path: '/info/systemMsg', Component: SystemMsgPage }], {
    initialEntries: [entry],
  });
  return { calls: made, router };
}

const posts = (calls: ReturnType<typeof mockApi>, url: string) =>
  calls.filter((c) => c.method === 'post' && c.url === url).map(bodyOf);

/** The confirmation dialog open now (a form dialog closed before may still be leaving in jsdom). */
const confirmation = () =>
  waitFor(() => {
    const box = document.querySelector<HTMLElement>('.ant-modal-confirm');
    expect(box).not.toBeNull();
    return box!;
  });

beforeEach(() => {
  signInAs(['P70000', 'P71000']);
});

describe('the bulletin board', () => {
  it('lists the notices with their state, author, audience, time and recipients', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: '停机检修通知' })).toBeInTheDocument();
    const sent = screen.getByRole('button', { name: '停机检修通知' }).closest('tr')!;
    expect(within(sent).getByText('已发送', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(sent).getByText('alice')).toBeInTheDocument();
    expect(within(sent).getByText('全部用户')).toBeInTheDocument();
    expect(within(sent).getByText('已送达 12 人')).toBeInTheDocument();
    const draft = screen.getByRole('button', { name: '安全培训' }).closest('tr')!;
    expect(within(draft).getByText('草稿')).toBeInTheDocument();
    expect(within(draft).getByText('用户组“一车间”')).toBeInTheDocument();
    const scheduled = screen.getByRole('button', { name: '年度盘点' }).closest('tr')!;
    expect(within(scheduled).getByText('已定时')).toBeInTheDocument();
    expect(within(scheduled).getByText('定时发送')).toBeInTheDocument();
    // A writer has both tabs and writes.
    expect(screen.getByRole('tab', { name: /公告栏/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /已发送/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建公告/ })).toBeInTheDocument();
  });

  it('asks the server with the search and the state filter', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByRole('button', { name: '停机检修通知' });
    await user.click(screen.getByText('已定时', { selector: '.ant-segmented-item-label' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索公告标题或内容' }), '盘点{Enter}');
    await waitFor(() => {
      expect(calls.filter((c) => c.url === '/bulletin/board').at(-1)?.params).toMatchObject({
        state: 'scheduled',
        q: '盘点',
        page: 1,
      });
    });
  });

  it('shows a notice whole in a drawer, its line breaks kept and its markup as text', async () => {
    const user = userEvent.setup();
    renderPage(
      handlers({
        'GET /bulletin/board': () =>
          board([notice({ content: '第一行\n<b>第二行</b>', manageable: false })], false),
      }),
    );
    await user.click(await screen.findByRole('button', { name: '停机检修通知' }));
    const drawer = await screen.findByRole('dialog');
    const text = within(drawer).getByText((_, el) => el?.classList.contains('system-msg__text') ?? false);
    expect(text.textContent).toBe('第一行\n<b>第二行</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(within(drawer).getByText('alice')).toBeInTheDocument();
    // A reader's drawer has nothing to act on.
    expect(within(drawer).queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('lets a writer save a new notice as a draft, then send it after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByRole('button', { name: '停机检修通知' });
    await user.click(screen.getByRole('button', { name: /新建公告/ }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('标题'), '  消防演练  ');
    await user.type(within(form).getByLabelText('内容'), '周五下午消防演练{Enter}请准时参加');
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    await waitFor(() => {
      expect(posts(calls, '/bulletin/board')).toEqual([
        { title: '消防演练', content: '周五下午消防演练\n请准时参加' },
      ]);
    });
    expect(await screen.findByText('草稿已保存')).toBeInTheDocument();

    // The draft on the board: "send now" asks first, saying whom it goes to.
    const row = screen.getByRole('button', { name: '安全培训' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '立即发送' }));
    const confirm = await confirmation();
    expect(within(confirm).getAllByText('立即发送“安全培训”？').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/用户组“一车间”及其下级用户组的所有用户/)).toBeInTheDocument();
    expect(within(confirm).getByText('发送后不能撤回，也不能再修改。')).toBeInTheDocument();
    expect(posts(calls, '/bulletin/board/2/send')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: '立即发送' }));
    await waitFor(() => {
      expect(posts(calls, '/bulletin/board/2/send')).toEqual([{}]);
    });
    expect(await screen.findByText('公告已发送给 5 人')).toBeInTheDocument();
  });

  it('schedules a notice for a time after now, within the limit', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByRole('button', { name: '年度盘点' });
    const row = screen.getByRole('button', { name: '年度盘点' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '“年度盘点”的更多操作' }));
    await user.click(await screen.findByText('修改定时'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/“年度盘点”将在所选时间发送给全部用户/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '定时发送' }));
    await waitFor(() => {
      expect(posts(calls, '/bulletin/board/3/send')).toHaveLength(1);
    });
    const { at } = posts(calls, '/bulletin/board/3/send')[0] as { at: number };
    // It opened on the notice's own time, to the minute.
    expect(at).toBe(Math.floor((NOW + 86_400_000) / 60_000) * 60_000);
    expect(at).toBeGreaterThan(Date.now());
    expect(at).toBeLessThanOrEqual(Date.now() + NOTICE_SCHEDULE_MAX_DAYS * 86_400_000);
  });

  it('cancels a schedule: the notice is a draft again', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      handlers({
        'POST /bulletin/board/3/cancel': () => ok({ ...NOTICES[2], state: 'unsent', send_at: null }),
      }),
    );
    const row = (await screen.findByRole('button', { name: '年度盘点' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '“年度盘点”的更多操作' }));
    await user.click(await screen.findByText('取消定时'));
    await waitFor(() => {
      expect(posts(calls, '/bulletin/board/3/cancel')).toEqual([{}]);
    });
    expect(await screen.findByText('已取消定时，公告回到草稿')).toBeInTheDocument();
  });

  it('deletes a notice only after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(handlers({ 'DELETE /bulletin/board/1': () => ok(null) }));
    await screen.findByRole('button', { name: '停机检修通知' });
    const row = screen.getByRole('button', { name: '停机检修通知' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '“停机检修通知”的更多操作' }));
    await user.click(await screen.findByText('删除'));
    const confirm = await confirmation();
    expect(within(confirm).getAllByText('删除公告“停机检修通知”？').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/已送达收件箱的消息会保留/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'delete').map((c) => c.url)).toEqual(['/bulletin/board/1']);
    });
  });

  it('shows a reader the notices only: no state filter, no write buttons, no Sent tab', async () => {
    renderPage(
      handlers({ 'GET /bulletin/board': () => board([notice({ manageable: false })], false) }),
      '/info/systemMsg?tab=sent',
    );
    expect(await screen.findByRole('button', { name: '停机检修通知' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /公告栏/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /已发送/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建公告/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /更多操作/ })).toBeNull();
    expect(screen.queryByText('草稿')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });

  it('says when there are no notices', async () => {
    renderPage(handlers({ 'GET /bulletin/board': () => board([], false) }));
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('says when the board failed to load, and retries', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { calls } = renderPage(
      handlers({
        'GET /bulletin/board': () => (++answers === 1 ? fail('100003', '服务异常') : board(NOTICES, true)),
      }),
    );
    expect(await screen.findByText('公告加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '停机检修通知' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/bulletin/board')).toHaveLength(2);
  });
});

describe('the sent box', () => {
  it('lists the sent messages with whom they went to and how many read them, tab kept in the address', async () => {
    const { router } = renderPage(handlers(), '/info/systemMsg?tab=sent');
    expect(await screen.findByRole('button', { name: '交接班提醒' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /已发送/, selected: true })).toBeInTheDocument();
    const row = screen.getByRole('button', { name: '交接班提醒' }).closest('tr')!;
    expect(within(row).getByText('carol')).toBeInTheDocument();
    // A built-in role in the reader's words; beyond two addressees, "+N".
    expect(within(row).getByText('二级管理员')).toBeInTheDocument();
    expect(within(row).queryByText('一车间')).toBeNull();
    expect(within(row).getByText('+2')).toBeInTheDocument();
    expect(within(row).getByText('3 / 10 已读')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=sent');
  });

  it('shows the server’s refusal of a recipient on the field it names', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      handlers({
        'POST /yun/message/send': () => fail('117815', '接收人不存在或不在您的管理范围内', 'role_ids'),
      }),
      '/info/systemMsg?tab=sent',
    );
    await screen.findByRole('button', { name: '交接班提醒' });
    await user.click(screen.getByRole('button', { name: /写消息/ }));
    const form = await screen.findByRole('dialog');
    // Nobody chosen: the form says so before asking the server.
    await user.type(within(form).getByLabelText('标题'), '夜班通知');
    await user.type(within(form).getByLabelText('内容'), '今晚加班');
    await user.click(within(form).getByRole('button', { name: /发\s*送/ }));
    expect(await within(form).findByText('请至少选择一个用户、角色或用户组')).toBeInTheDocument();
    expect(posts(calls, '/yun/message/send')).toEqual([]);

    await user.click(within(form).getByLabelText('角色'));
    await user.click(await screen.findByText('运维', { selector: '.ant-select-item-option-content' }));
    await user.click(within(form).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => {
      expect(posts(calls, '/yun/message/send')).toEqual([
        { title: '夜班通知', body: '今晚加班', user_ids: [], role_ids: [6], group_ids: [] },
      ]);
    });
    const roles = within(form).getByLabelText('角色').closest('.ant-form-item')!;
    expect(
      await within(roles as HTMLElement).findByText('接收人不存在或不在您的管理范围内'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes the selected messages only after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(handlers(), '/info/systemMsg?tab=sent');
    await screen.findByRole('button', { name: '交接班提醒' });
    const row = screen.getByRole('button', { name: '交接班提醒' }).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /删除所选 1 条/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('删除 1 条消息？').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/接收人收件箱中的消息会保留/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'delete').map(bodyOf)).toEqual([{ ids: [7] }]);
    });
  });
});

describe('the notice form', () => {
  it('shows the notice it is opened on: A, then B, then a new one', () => {
    mockApi(handlers());
    expectEachOpeningShowsItsOwn(
      (n: NoticeOut | null, open) => <NoticeFormModal open={open} notice={n} onClose={() => undefined} />,
      [NOTICES[1]!, NOTICES[2]!, null],
      (n) => [n?.title ?? '', n?.content ?? ''],
    );
  });
});
