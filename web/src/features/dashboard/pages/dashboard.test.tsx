import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Audience, Dashboard, DashboardGroup, DashboardSummary } from '@/lib/dashboards/types';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import DashboardPage from './dashboard';

const summary = (over: Partial<DashboardSummary> & { id: number; name: string }): DashboardSummary => ({
  group_id: 1,
  width: 1920,
  height: 1080,
  theme: 'tech',
  chart_theme: 'blueTech',
  mobile: false,
  free_move: false,
  visibility: 'all',
  position: over.id,
  card_count: 12,
  outline: [],
  owner_name: '张工',
  updated_at: Date.UTC(2025, 5, 1, 8, 30),
  version: 1,
  can_edit: true,
  can_fullscreen: true,
  ...over,
});

const OVERVIEW = summary({
  id: 11,
  name: '全厂总览',
  mobile: true,
  outline: [
    { type: 'text', x: 0, y: 0, w: 24, h: 4 },
    { type: 'report', x: 0, y: 4, w: 12, h: 16 },
    { type: 'map', x: 12, y: 4, w: 12, h: 16 },
  ],
});
const PUMPS = summary({
  id: 12,
  name: '泵站监控',
  visibility: 'partial',
  theme: 'glacierWhite',
  width: 1080,
  height: 1920,
  card_count: 4,
});
const SECRET = summary({ id: 13, name: '能耗分析', can_edit: false });
const GROUPS: DashboardGroup[] = [
  { id: 1, name: '生产', position: 1, dashboard_count: 3 },
  { id: 2, name: '空组', position: 2, dashboard_count: 0 },
];

const detail = (
  d: DashboardSummary,
  audience: Audience = { user_ids: [], role_ids: [], user_group_ids: [] },
): Dashboard => ({
  ...d,
  document: { version: 1, cards: [], layouts: { lg: [], sm: [] } } as unknown as Dashboard['document'],
  audience,
});

const params = (c: InternalAxiosRequestConfig) => (c.params ?? {}) as Record<string, unknown>;

function renderPage(over: Record<string, Handler> = {}, url = '/dashboard') {
  const calls = mockApi({
    'GET /yun/dashboard/group': () => ok(GROUPS),
    'GET /yun/dashboard': () => ok([OVERVIEW, PUMPS, SECRET]),
    'GET /yun/dashboard/detail': (c) => {
      const id = Number(params(c).id);
      const found = [OVERVIEW, PUMPS, SECRET].find((d) => d.id === id);
      return found
        ? ok(detail(found, { user_ids: [7], role_ids: [], user_group_ids: [] }))
        : fail('118001', '看板不存在');
    },
    // The dashboard's own look-up of its audience: no team rights needed.
    'GET /yun/dashboard/audience': (c) =>
      ok(
        { user: [{ id: 7, name: 'li (李工)' }], role: [{ id: 3, name: '运维' }], user_group: [] }[
          String(params(c).kind)
        ],
      ),
    ...over,
  });
  const { router } = renderRoutes(
    [
      { path: '/dashboard', Component: DashboardPage },
      { path: '/editDashboard', element: <p>editor</p> },
      { path: '/dashboard/view', element: <p>view</p> },
    ],
    { initialEntries: [url] },
  );
  return { calls, router };
}

const card = async (name: string) => screen.findByRole('listitem', { name });
const more = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(await card(name)).getByRole('button', { name: `“${name}”的更多操作` }));
const dialogTitled = async (title: string) => {
  const found = await screen.findAllByRole('dialog');
  const d = found.find((el) => el.textContent.includes(title));
  expect(d, title).toBeDefined();
  return d!;
};
/** Opens an antd select and picks an option by its text. */
async function pick(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, option: string) {
  await user.click(select);
  const items = await screen.findAllByTitle(option);
  await user.click(items.find((el) => el.classList.contains('ant-select-item-option')) ?? items[0]!);
}

/** Clicks a radio button by its label (antd's input itself takes no pointer). */
const choose = (user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, name: string) =>
  user.click(within(scope).getByRole('radio', { name }).closest('label')!);

const requests = (calls: InternalAxiosRequestConfig[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

beforeEach(() => {
  signInAs(['P10000', 'P20000', 'P21200']);
});

describe('DashboardPage', () => {
  it('lists the groups and the dashboards as cards with their facts and tags', async () => {
    renderPage();
    const groups = await screen.findByRole('listbox', { name: '看板分组' });
    const options = within(groups).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['全部看板', '未分组', '生产3', '空组0']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    const overview = await card('全厂总览');
    expect(overview).toHaveTextContent('1920 × 1080');
    expect(overview).toHaveTextContent('12 张卡片');
    expect(overview).toHaveTextContent('张工');
    expect(overview).toHaveTextContent('更新于');
    expect(overview).toHaveTextContent('移动端');
    expect(overview).not.toHaveTextContent('部分可见');
    // Its thumbnail draws its cards where they sit.
    const thumbnail = within(overview).getByRole('img', { name: '看板主题：科技' });
    expect([...thumbnail.querySelectorAll('[data-type]')].map((g) => g.getAttribute('data-type'))).toEqual([
      'text',
      'report',
      'map',
    ]);
    expect(within(overview).getAllByRole('link', { name: '全厂总览' })[0]).toHaveAttribute(
      'href',
      '/dashboard/view?id=11',
    );
    expect(within(overview).getByRole('link', { name: '打开' })).toHaveAttribute(
      'href',
      '/dashboard/view?id=11',
    );
    expect(within(overview).getByRole('link', { name: '编辑' })).toHaveAttribute(
      'href',
      '/editDashboard?id=11',
    );

    const pumps = await card('泵站监控');
    expect(pumps).toHaveTextContent('1080 × 1920');
    expect(pumps).toHaveTextContent('部分可见');
    expect(pumps).not.toHaveTextContent('移动端');
    expect(within(pumps).getByRole('img', { name: '看板主题：冰川白' })).toBeInTheDocument();
  });

  it('asks for the chosen group and the search by name', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await card('全厂总览');
    await user.click(
      within(screen.getByRole('listbox', { name: '看板分组' })).getByRole('option', { name: /未分组/ }),
    );
    await waitFor(() =>
      expect(requests(calls, 'get', '/yun/dashboard').some((c) => params(c).group_id === 0)).toBe(true),
    );
    await user.type(screen.getByRole('searchbox', { name: '搜索看板名称' }), '泵站{Enter}');
    await waitFor(() =>
      expect(
        requests(calls, 'get', '/yun/dashboard').some(
          (c) => params(c).keyword === '泵站' && params(c).group_id === 0,
        ),
      ).toBe(true),
    );
  });

  it('says when a group is empty, and when nothing matches', async () => {
    renderPage({ 'GET /yun/dashboard': () => ok([]) }, '/dashboard?group_id=2');
    expect(await screen.findByText('这个分组里还没有看板')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建第一个看板/ })).toBeInTheDocument();
  });

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

  it('copies a dashboard', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'POST /yun/dashboard/copy': () => ok(detail(summary({ id: 20, name: '全厂总览 副本' }))),
    });
    await more(user, '全厂总览');
    await user.click(await screen.findByRole('menuitem', { name: '复制' }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/dashboard/copy')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/dashboard/copy')[0]!)).toEqual({ id: 11 });
    expect(await screen.findByText('已复制为“全厂总览 副本”')).toBeInTheDocument();
  });

  it('deletes a dashboard once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'DELETE /yun/dashboard': () => ok(null) });
    await more(user, '泵站监控');
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    const confirm = await dialogTitled('删除看板“泵站监控”？');
    expect(requests(calls, 'delete', '/yun/dashboard')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(requests(calls, 'delete', '/yun/dashboard')).toHaveLength(1));
    expect(params(requests(calls, 'delete', '/yun/dashboard')[0]!)).toEqual({ id: 12 });
    expect(await screen.findByText('看板“泵站监控”已删除')).toBeInTheDocument();
  });

  it('moves a dashboard later within its group', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      {
        'PUT /yun/dashboard/reorder': (c) =>
          ok((bodyOf(c) as { ids: number[] }).ids.map((id) => ({ ...OVERVIEW, id }))),
      },
      '/dashboard?group_id=1',
    );
    await more(user, '全厂总览');
    expect(screen.queryByRole('menuitem', { name: '前移' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: '后移' }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard/reorder')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard/reorder')[0]!)).toEqual({
      group_id: 1,
      ids: [12, 11, 13],
    });
  });

  it('drops a dragged card onto another to put it there', async () => {
    const { calls } = renderPage(
      { 'PUT /yun/dashboard/reorder': () => ok([SECRET, OVERVIEW, PUMPS]) },
      '/dashboard?group_id=1',
    );
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    const secret = await card('能耗分析');
    const overview = await card('全厂总览');
    expect(secret).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(secret, { dataTransfer });
    fireEvent.dragEnter(overview, { dataTransfer });
    fireEvent.dragOver(overview, { dataTransfer });
    fireEvent.drop(overview, { dataTransfer });
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard/reorder')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard/reorder')[0]!)).toEqual({
      group_id: 1,
      ids: [13, 11, 12],
    });
  });

  it('offers no order in "all dashboards"', async () => {
    const user = userEvent.setup();
    renderPage();
    await more(user, '泵站监控');
    await screen.findByRole('menuitem', { name: '复制' });
    expect(screen.queryByRole('menuitem', { name: '前移' })).toBeNull();
    expect(await card('泵站监控')).not.toHaveAttribute('draggable');
    expect(screen.getByText('选择一个分组并清空搜索后可调整顺序')).toBeInTheDocument();
  });

  it('moves a dashboard to another group', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'PUT /yun/dashboard': () => ok(detail(OVERVIEW)) });
    await more(user, '全厂总览');
    await user.click(await screen.findByRole('menuitem', { name: '移动到分组' }));
    const d = await dialogTitled('移动看板“全厂总览”');
    await pick(user, within(d).getByRole('combobox'), '未分组');
    await user.click(within(d).getByRole('button', { name: /移\s*动/ }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard')[0]!)).toEqual({ id: 11, ungrouped: true });
  });
});

describe('dashboard groups', () => {
  it('shows the server’s refusal to delete a group that holds dashboards', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'DELETE /yun/dashboard/group': () => fail('202301', '该分组下还有看板，不能删除', 'id'),
    });
    await user.click(await screen.findByRole('button', { name: '删除分组“生产”' }));
    const pop = await screen.findByRole('tooltip');
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(requests(calls, 'delete', '/yun/dashboard/group')).toHaveLength(1));
    expect(params(requests(calls, 'delete', '/yun/dashboard/group')[0]!)).toEqual({ id: 1 });
    expect(await screen.findByText('该分组下还有看板，不能删除')).toBeInTheDocument();
  });

  it('creates a group and shows it', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage({
      'POST /yun/dashboard/group': () => ok({ id: 9, name: '能源', position: 3, dashboard_count: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: '新建分组' }));
    const d = await dialogTitled('新建看板分组');
    await user.type(within(d).getByLabelText('分组名称'), ' 能源 ');
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/dashboard/group')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/dashboard/group')[0]!)).toEqual({ name: '能源' });
    await waitFor(() => expect(router.state.location.search).toBe('?group_id=9'));
  });
});

describe('the dashboard dialog', () => {
  const openCreate = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: /新建看板/ }));
    return dialogTitled('新建看板');
  };

  it('creates a dashboard with the chosen settings and opens the editor', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage(
      { 'POST /yun/dashboard': (c) => ok(detail(summary({ id: 30, ...(bodyOf(c) as { name: string }) }))) },
      '/dashboard?group_id=1',
    );
    const d = await openCreate(user);
    await user.type(within(d).getByLabelText('看板名称'), '二号车间');
    await choose(user, d, '星空蓝');
    await choose(user, d, '绿色科技');
    await user.click(within(d).getByRole('switch', { name: '移动端显示' }));
    await user.click(within(d).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/dashboard')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/dashboard')[0]!)).toEqual({
      name: '二号车间',
      group_id: 1,
      width: 1920,
      height: 1080,
      theme: 'starryBlue',
      chart_theme: 'greenTech',
      mobile: true,
      free_move: false,
      visibility: 'all',
      audience: { user_ids: [], role_ids: [], user_group_ids: [] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/editDashboard'));
    expect(router.state.location.search).toBe('?id=30');
  });

  it('takes a custom resolution within the limits', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'POST /yun/dashboard': () => ok(detail(summary({ id: 31, name: '竖屏' }))),
    });
    const d = await openCreate(user);
    await user.type(within(d).getByLabelText('看板名称'), '竖屏');
    await pick(user, within(d).getByRole('combobox', { name: '分辨率' }), '自定义');
    const width = within(d).getByRole('spinbutton', { name: '宽度' });
    await user.clear(width);
    await user.type(width, '2400');
    const height = within(d).getByRole('spinbutton', { name: '高度' });
    await user.clear(height);
    await user.type(height, '900');
    await user.click(within(d).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/dashboard')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/dashboard')[0]!)).toMatchObject({ width: 2400, height: 900 });
  });

  it('shows the server’s 118004 on the name field and keeps the dialog', async () => {
    const user = userEvent.setup();
    renderPage({ 'POST /yun/dashboard': () => fail('118004', '看板名称已存在', 'name') });
    const d = await openCreate(user);
    await user.type(within(d).getByLabelText('看板名称'), '全厂总览');
    await user.click(within(d).getByRole('button', { name: /创\s*建/ }));
    expect(await within(d).findByText('看板名称已存在')).toBeInTheDocument();
    expect(within(d).getByLabelText('看板名称')).toHaveAttribute('aria-invalid', 'true');
    expect(within(d).getByLabelText('看板名称')).toHaveValue('全厂总览');
  });

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
    expect(calls.some((c) => c.url?.startsWith('/yun/user'))).toBe(false);
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
