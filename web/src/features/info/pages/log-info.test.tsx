import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { actionLabel, humanizeAction, LOG_ACTIONS } from '../lib/actions';
import type { UserLogOut } from '../types';
import LogInfoPage from './log-info';

function entry(over: Partial<UserLogOut>): UserLogOut {
  return {
    id: 1,
    time: Date.UTC(2026, 0, 2, 3, 4, 5),
    user_id: 2,
    user_name: 'alice',
    actor_name: null,
    action: 'user_create',
    target: 'carol',
    detail: { user_id: 9, role_id: 5 },
    ip: '10.0.0.1',
    ...over,
  };
}

const entries = [
  entry({}),
  entry({ id: 2, user_name: 'bob', actor_name: 'admin', action: 'simulated_request', target: 'GET /x' }),
  entry({ id: 3, action: 'device_reboot', target: 'gw-1', detail: null }),
];

const page = (items: UserLogOut[]) => ok({ items, total: items.length, page: 1, page_size: 20 });

const usersPage = ok({
  items: [
    { id: 2, user_name: 'alice', nick_name: 'Alice' },
    { id: 3, user_name: 'bob', nick_name: null },
  ],
  total: 2,
  page: 1,
  page_size: 200,
});

function renderPage(handlers: Record<string, Handler>) {
  const calls = mockApi(handlers);
  renderRoutes([{ path: '/info/logInfo', Component: LogInfoPage }], { initialEntries: ['/info/logInfo'] });
  return calls;
}

const logCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url === '/yun/userLog');

function signIn(permissions: string[]) {
  signInAs(permissions, { name: 'admin' });
}

/** Opens an antd select by its aria-label and picks an option by its text. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const items = await screen.findAllByTitle(option);
  await user.click(items.find((el) => el.classList.contains('ant-select-item-option')) ?? items[0]!);
}

describe('user log', () => {
  beforeEach(() => {
    signIn(['P00000', 'P50000', 'P53000', 'P70000', 'P72000']);
  });

  it('shows the first page with translated actions, the simulating administrator and a fallback label', async () => {
    const calls = renderPage({
      'GET /yun/userLog': () => page(entries),
      'GET /yun/userInfo': () => usersPage,
    });
    expect(await screen.findByText('carol')).toBeInTheDocument();
    expect(logCalls(calls)[0]!.params).toEqual({ page: 1, page_size: 20 });

    expect(screen.getByText('新建用户')).toBeInTheDocument();
    const simulated = screen.getByText('GET /x').closest('tr')!;
    expect(within(simulated).getByText('admin（模拟登录）')).toBeInTheDocument();
    expect(within(simulated).getByText('模拟登录期间的请求')).toBeInTheDocument();
    // An action the console does not know yet is still readable.
    const unknown = screen.getByText('gw-1').closest('tr')!;
    expect(within(unknown).getByText('Device reboot')).toBeInTheDocument();
    expect(within(screen.getByText('carol').closest('tr')!).getAllByText('-').length).toBeGreaterThan(0);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('sends the user and action filters from the first page', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /yun/userLog': () => page(entries),
      'GET /yun/userInfo': () => usersPage,
    });
    await screen.findByText('carol');
    await pick(user, '全部用户', 'bob');
    await waitFor(() => {
      expect(logCalls(calls).at(-1)!.params).toEqual({ page: 1, page_size: 20, user_id: 3 });
    });
    await pick(user, '全部操作', '锁定用户');
    await waitFor(() => {
      expect(logCalls(calls).at(-1)!.params).toEqual({
        page: 1,
        page_size: 20,
        user_id: 3,
        action: 'user_lock',
      });
    });
    expect(calls.find((c) => c.url === '/yun/userInfo')!.params).toMatchObject({ page: 1, page_size: 200 });
  });

  it('sends the time range as epoch ms of whole days', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ 'GET /yun/userLog': () => page([]) });
    expect(await screen.findByText('暂无日志')).toBeInTheDocument();
    const [start, end] = screen.getAllByRole('textbox').filter((el) => el.closest('.ant-picker-range'));
    await user.click(start!);
    await user.type(start!, '2026-01-02');
    await user.click(end!);
    await user.type(end!, '2026-01-03{Enter}');
    await waitFor(() => {
      expect(logCalls(calls).at(-1)!.params).toMatchObject({
        start: new Date(2026, 0, 2).getTime(),
        end: new Date(2026, 0, 4).getTime() - 1,
      });
    });
    expect(await screen.findByText('没有符合筛选条件的日志')).toBeInTheDocument();
  });

  it('leaves the user filter out without the user permission', async () => {
    signIn(['P00000', 'P70000', 'P72000']);
    const calls = renderPage({ 'GET /yun/userLog': () => page(entries) });
    await screen.findByText('carol');
    expect(screen.queryByRole('combobox', { name: '全部用户' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/yun/userInfo')).toBe(false);
  });

  it('leaves the user filter out when the user list fails', async () => {
    const calls = renderPage({
      'GET /yun/userLog': () => page(entries),
      'GET /yun/userInfo': () => fail('100003', '无权限'),
    });
    await screen.findByText('carol');
    await waitFor(() => {
      expect(calls.some((c) => c.url === '/yun/userInfo')).toBe(true);
    });
    expect(screen.queryByRole('combobox', { name: '全部用户' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '全部操作' })).toBeInTheDocument();
  });
});

describe('action labels', () => {
  const t = i18n.getFixedT('en');

  it('translates every known action in both languages', () => {
    for (const action of LOG_ACTIONS) {
      expect(actionLabel(t, action)).not.toBe(humanizeAction(action));
      expect(actionLabel(i18n.getFixedT('zh'), action)).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('falls back to a readable form of an unknown action', () => {
    expect(actionLabel(t, 'device_reboot')).toBe('Device reboot');
    expect(actionLabel(t, 'alarm.confirm')).toBe('Alarm confirm');
    expect(humanizeAction('')).toBe('-');
  });
});
