// The dashboards page by the caller's rights (P21200 to make and change, a dashboard's own edit right, P82000 to
// share) and a dashboard's visibility (a partially visible one's audience, named even beyond the first options).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, fail, ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import {
  MAKER_RIGHTS,
  PUMPS,
  SECRET,
  card,
  choose,
  detail,
  dialogTitled,
  more,
  openCreate,
  params,
  pick,
  renderPage,
  requests,
} from './dashboard.fixtures';

beforeEach(() => {
  signInAs(MAKER_RIGHTS);
});

describe('DashboardPage: rights', () => {
  it('disables edit and settings without the right to edit, saying why', async () => {
    const user = userEvent.setup();
    renderPage();
    const secret = await card('能耗分析');
    expect(within(secret).queryByRole('link', { name: '编辑' })).toBeNull();
    const edit = within(secret).getByRole('button', { name: '编辑' });
    expect(edit).toBeDisabled();
    await user.hover(edit.parentElement!);
    expect(await screen.findByText('无编辑看板权限')).toBeInTheDocument();
    await more(user, '能耗分析');
    expect(await screen.findByRole('menuitem', { name: '设置' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('menuitem', { name: '删除' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: '复制' })).toBeInTheDocument();
  });

  it('shows no create, copy, move or delete without P21200', async () => {
    const user = userEvent.setup();
    signInAs(['P10000', 'P20000']);
    renderPage({ 'GET /yun/dashboard': () => ok([{ ...SECRET }]) });
    await card('能耗分析');
    expect(screen.queryByRole('button', { name: /新建看板/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建分组' })).toBeNull();
    await more(user, '能耗分析');
    expect(await screen.findByRole('menuitem', { name: '设置' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '复制' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: '删除' })).toBeNull();
  });
});

describe('a dashboard’s visibility', () => {
  it('needs someone to show a partially visible dashboard to', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'POST /yun/dashboard': () => fail('118007', '请选择可见的用户、角色或分组', 'audience.role_ids'),
    });
    const d = await openCreate(user);
    await user.type(within(d).getByLabelText('看板名称'), '班组看板');
    await choose(user, d, '部分用户');
    await user.click(within(d).getByRole('button', { name: /创\s*建/ }));
    expect(await within(d).findByText('请至少选择一个用户、角色或用户组')).toBeInTheDocument();
    expect(requests(calls, 'post', '/yun/dashboard')).toHaveLength(0);

    await pick(user, within(d).getByRole('combobox', { name: '角色' }), '运维');
    await user.click(within(d).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/dashboard')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/dashboard')[0]!)).toMatchObject({
      visibility: 'partial',
      audience: { user_ids: [], role_ids: [3], user_group_ids: [] },
    });
    // The roles came from the dashboard's audience look-up, not the team's lists (which need team rights).
    expect(requests(calls, 'get', '/yun/dashboard/audience').map(params)).toContainEqual({ kind: 'role' });
    expect(calls.some((c) => c.url.startsWith('/yun/user'))).toBe(false);
    // The server's 118007 sits on the audience field.
    expect(await within(d).findByText('请选择可见的用户、角色或分组')).toBeInTheDocument();
  });

  it('opens the settings with the dashboard’s values and its audience, and saves them', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'PUT /yun/dashboard': () => ok(detail(PUMPS)) });
    await more(user, '泵站监控');
    await user.click(await screen.findByRole('menuitem', { name: '设置' }));
    const d = await dialogTitled('看板设置');
    expect(within(d).getByLabelText('看板名称')).toHaveValue('泵站监控');
    expect(within(d).getByRole('radio', { name: '冰川白' })).toBeChecked();
    expect(within(d).getByRole('radio', { name: '部分用户' })).toBeChecked();
    expect(await within(d).findByText('li (李工)')).toBeInTheDocument();
    await waitFor(() => expect(within(d).getByRole('button', { name: /保\s*存/ })).toBeEnabled());
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard')[0]!)).toEqual({
      id: 12,
      name: '泵站监控',
      group_id: 1,
      ungrouped: false,
      width: 1080,
      height: 1920,
      theme: 'glacierWhite',
      chart_theme: 'blueTech',
      mobile: false,
      free_move: false,
      visibility: 'partial',
      audience: { user_ids: [7], role_ids: [], user_group_ids: [] },
    });
    for (const c of requests(calls, 'get', '/yun/dashboard/detail'))
      expect(params(c)).toEqual({ id: 12, purpose: 'edit' });
  });

  it('names an audience entry beyond the first options, asking for it by id', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'GET /yun/dashboard/detail': () =>
        ok(detail(PUMPS, { user_ids: [7, 88], role_ids: [], user_group_ids: [5] })),
      'GET /yun/dashboard/audience': (c) => {
        const { kind, ids } = params(c);
        if (ids === '88') return ok([{ id: 88, name: 'zhao (赵工)' }]);
        if (ids === '5') return ok([{ id: 5, name: '夜班' }]);
        return ok(kind === 'user' ? [{ id: 7, name: 'li (李工)' }] : []);
      },
    });
    await more(user, '泵站监控');
    await user.click(await screen.findByRole('menuitem', { name: '设置' }));
    const d = await dialogTitled('看板设置');
    expect(await within(d).findByText('zhao (赵工)')).toBeInTheDocument();
    expect(within(d).getByText('li (李工)')).toBeInTheDocument();
    expect(await within(d).findByText('夜班')).toBeInTheDocument();
    // Only the ones the first options lack are asked for; a kind with none chosen asks nothing by id.
    const byIds = requests(calls, 'get', '/yun/dashboard/audience').filter(
      (c) => params(c).ids !== undefined,
    );
    expect(byIds.map(params)).toEqual([
      { kind: 'user', ids: '88' },
      { kind: 'user_group', ids: '5' },
    ]);
  });
});

describe('sharing a dashboard', () => {
  it('shares a dashboard as a read-only dashboard link with a starting device, shown once at /share-db', async () => {
    signInAs(['P10000', 'P20000', 'P82000']);
    const user = userEvent.setup();
    const { calls } = renderPage({
      'GET /dev': () =>
        ok({
          items: [{ id: 21, sn_code: 'IOT0000021', alias: '1号空压机', registered: true, dev_state: 1 }],
          total: 1,
          page: 1,
          page_size: 200,
        }),
      'GET /yun/dev/group': () => ok([{ id: 4, name: '空压站', is_default: false }]),
      'POST /yun/components/share': () =>
        ok({
          id: 31,
          link_type: 2,
          permission: 1,
          dashboard: { id: 11, name: '全厂总览', available: true },
          device_id: 21,
          group_id: null,
          devices: [],
          expire_at: null,
          access_limit: null,
          use_count: 0,
          note: '大厅屏',
          use_state: 1,
          state: 'active',
          token: 'tok-db-once',
          created_at: 0,
        }),
    });
    await more(user, '全厂总览');
    await user.click(await screen.findByRole('menuitem', { name: '分享' }));
    const d = await dialogTitled('分享看板');
    expect(within(d).getByTestId('share-link-dashboard')).toHaveTextContent('全厂总览');
    // A dashboard link names no devices and has no control.
    expect(within(d).queryByRole('radio', { name: '可控制' })).toBeNull();
    await pick(user, within(d).getByRole('combobox', { name: '起始设备' }), '1号空压机 (IOT0000021)');
    await user.type(within(d).getByLabelText('备注'), '大厅屏');
    await user.click(within(d).getByRole('button', { name: '创建链接' }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/components/share')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/components/share')[0]!)).toEqual({
      link_type: 2,
      permission: 1,
      dashboard_id: 11,
      device_id: 21,
      expire_at: null,
      access_limit: null,
      note: '大厅屏',
    });
    const shown = await dialogTitled('分享链接已创建');
    expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(
      `${window.location.origin}/iotyun/share-db?token=tok-db-once`,
    );
  });

  it('offers no share without P82000', async () => {
    const user = userEvent.setup();
    renderPage();
    await more(user, '全厂总览');
    expect(await screen.findByRole('menuitem', { name: '复制' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '分享' })).toBeNull();
  });
});
