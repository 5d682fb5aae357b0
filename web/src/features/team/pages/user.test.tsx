import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { sessionStore } from '@/lib/session';
import { mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { UserOut } from '../types';
import UserPage from './user';

function user(over: Partial<UserOut>): UserOut {
  return {
    id: 2,
    user_name: 'alice',
    nick_name: 'Alice',
    phone: '13900000000',
    email: 'alice@example.com',
    company: '',
    role_id: 5,
    role_name: 'operators',
    role_code: 'operators',
    group_id: 7,
    group_name: 'Plant A',
    is_admin2: false,
    is_active: 1,
    must_change_password: false,
    last_login_time: null,
    create_time: Date.UTC(2026, 0, 2),
    direct_permissions: [],
    tags: [
      { kind: 2, label: 'Plant A' },
      { kind: 3, label: 'operators' },
    ],
    ...over,
  };
}

const users = [
  user({
    id: 1,
    user_name: 'admin',
    nick_name: '',
    role_code: 'administrator',
    role_name: 'administrator',
    group_name: null,
    tags: [{ kind: 3, label: 'administrator' }],
  }),
  user({ tags: [...user({}).tags, { kind: 4, label: 'administrator2' }], is_admin2: true }),
];

function page(items: UserOut[]) {
  return ok({ items, total: items.length, page: 1, page_size: 20 });
}

function renderPage(handlers: Record<string, Handler>, url = '/team/user') {
  const calls = mockApi({
    'GET /yun/user/role': () =>
      ok({
        items: [
          { id: 5, name: 'operators', code: 'operators', type: 'custom', permissions: [], user_count: 1 },
        ],
        total: 1,
        page: 1,
        page_size: 200,
      }),
    'GET /yun/user/group': () =>
      ok([{ id: 7, name: 'Plant A', parent_id: null, user_count: 1, children: [] }]),
    ...handlers,
  });
  renderRoutes([{ path: '/team/user', Component: UserPage }], { initialEntries: [url] });
  return calls;
}

const listCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url === '/yun/userInfo');

beforeEach(() => {
  signInAs(['P00000', 'P50000', 'P53000'], { name: 'admin' });
});

afterEach(() => {
  resetScreenWidth();
});

describe('user list', () => {
  it('loads the first page (the server sorts newest first) and shows users, roles and coloured tags', async () => {
    // The tags column shows from 1600 px.
    setScreenWidth(1680);
    const calls = renderPage({ 'GET /yun/userInfo': () => page(users) });
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(listCalls(calls)[0]!.params).toEqual({ page: 1, page_size: 20 });

    const row = screen.getByText('alice').closest('tr')!;
    expect(within(row).getByText('Plant A', { selector: '.ant-tag' })).toHaveClass('ant-tag-warning');
    expect(within(row).getByText('operators', { selector: '.ant-tag' })).toHaveClass('ant-tag-error');
    // Two tags fit the cell; the rest are counted, and listed on hover (built-in codes translated).
    const more = within(row).getByText('+1', { selector: '.ant-tag' });
    await userEvent.hover(more);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Plant A, operators, 二级管理员');
    const adminRow = screen.getByText('admin').closest('tr')!;
    expect(within(adminRow).getAllByText('管理员').length).toBeGreaterThan(0);

    // The administrator cannot be deleted or locked; other users can (delete is in the row's menu).
    expect(within(adminRow).getByRole('switch')).toBeDisabled();
    expect(within(row).getByRole('switch')).toBeEnabled();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(adminRow).getByRole('button', { name: '更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '重置密码' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '删除' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '删除' })).toBeInTheDocument();
  });

  it('keeps the filters and page in the URL and reads them back', async () => {
    const calls = renderPage(
      { 'GET /yun/userInfo': () => page(users) },
      '/team/user?keyword=ali&is_active=1&page=2&page_size=50&sort=user_name',
    );
    await screen.findByText('alice');
    expect(listCalls(calls)[0]!.params).toEqual({
      page: 2,
      page_size: 50,
      keyword: 'ali',
      is_active: 1,
      sort: 'user_name',
    });
    expect(screen.getByPlaceholderText('搜索用户名 / 昵称 / 手机号 / 邮箱')).toHaveValue('ali');
  });

  it('ignores malformed values in the URL', async () => {
    const calls = renderPage(
      { 'GET /yun/userInfo': () => page(users) },
      '/team/user?is_active=2&page=-1&page_size=33&sort=password',
    );
    await screen.findByText('alice');
    expect(listCalls(calls)[0]!.params).toEqual({ page: 1, page_size: 20 });
  });

  it('searches by keyword from the first page', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /yun/userInfo': (config) =>
        page((config.params as { keyword?: string }).keyword === 'ali' ? users.slice(1) : users),
    });
    await screen.findByText('admin');
    await user.type(screen.getByPlaceholderText('搜索用户名 / 昵称 / 手机号 / 邮箱'), 'ali{Enter}');
    await waitFor(() => {
      expect(screen.queryByText('admin')).not.toBeInTheDocument();
    });
    expect(listCalls(calls).at(-1)!.params).toMatchObject({ page: 1, keyword: 'ali' });
  });

  it('shows an empty state', async () => {
    renderPage({ 'GET /yun/userInfo': () => page([]) });
    expect(await screen.findByText('暂无用户，点击“新建用户”添加团队成员')).toBeInTheDocument();
  });

  it('offers simulated login to an administrator', async () => {
    const user = userEvent.setup();
    renderPage({ 'GET /yun/userInfo': () => page(users) });
    const row = (await screen.findByText('alice')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '模拟登录' })).toBeInTheDocument();
  });

  it('hides simulated login while simulating', async () => {
    const user = userEvent.setup();
    sessionStore.setState({ simulation: { userName: 'bob', adminName: 'admin' } });
    renderPage({ 'GET /yun/userInfo': () => page(users) });
    const row = (await screen.findByText('alice')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '重置密码' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '模拟登录' })).not.toBeInTheDocument();
  });

  it('shows each quota, the new ones too, against the platform value and the limit in force', async () => {
    const user = userEvent.setup();
    const platform = {
      device_share: 100,
      template_share: 100,
      template_create: 50,
      screens: 200,
      gallery_mb: 100,
      screen_versions_mb: 50,
      exports_kept: 40,
      sms_push: 100,
      wechat_push: 100,
      alarm_storage: 2000,
      history_storage_mb: 200,
    };
    const own = Object.fromEntries(Object.keys(platform).map((k) => [k, null]));
    renderPage({
      'GET /yun/userInfo': () => page(users),
      'GET /yun/userInfo/2/quota': () =>
        ok({ user_id: 2, ...own, gallery_mb: 20, platform, effective: { ...platform, gallery_mb: 20 } }),
    });
    const row = (await screen.findByText('alice')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '配额' }));
    expect(await screen.findByText('画面版本存储')).toBeInTheDocument();
    expect(screen.getByText('导出文件保留数')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('平台上限 40')).toBeInTheDocument();
    expect(screen.getByText('当前生效：20')).toBeInTheDocument();
    expect(screen.getByDisplayValue('20')).toBeInTheDocument();
  });
});
