// The dashboards page: its list of cards by group and search, the groups beside it (create, a refused delete), and
// the new dashboard dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, fail, ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import {
  MAKER_RIGHTS,
  card,
  choose,
  detail,
  dialogTitled,
  openCreate,
  params,
  pick,
  renderPage,
  requests,
  summary,
} from './dashboard.fixtures';

beforeEach(() => {
  signInAs(MAKER_RIGHTS);
});

describe('DashboardPage: the list', () => {
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

describe('the new dashboard dialog', () => {
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
});
