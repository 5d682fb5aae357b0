import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { beforeEach, describe, expect, it } from 'vitest';

import type { DashboardSummary, Sector } from '@/lib/dashboards/types';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { SectorFormModal } from '../components/sector-form-modal';
import BusinessSectorPage from './business-sector';

const sector = (over: Partial<Sector> & { id: number; name: string }): Sector => ({
  description: '',
  image: '',
  interval: 0,
  position: over.id,
  dashboards: [],
  ...over,
});

const PRODUCTION = sector({
  id: 1,
  name: '生产',
  description: '各车间的产量与设备状态',
  image: '/api/yun/resourcesInfo/file/a.png',
  interval: 30,
  dashboards: [
    { id: 21, name: '车间总览', width: 1920, height: 1080, theme: 'tech', available: true },
    { id: 22, name: '', width: 0, height: 0, theme: '', available: false },
  ],
});
const ENERGY = sector({ id: 2, name: '能源' });

const summary = (id: number, name: string) => ({ id, name }) as DashboardSummary;
const DASHBOARDS = [summary(21, '车间总览'), summary(23, '能耗分析'), summary(24, '质量')];

const requests = (calls: RequestConfig[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

function renderPage(over: Record<string, Handler> = {}) {
  const calls = mockApi({
    'GET /yun/sector': () => ok([PRODUCTION, ENERGY]),
    'GET /yun/dashboard': () => ok(DASHBOARDS),
    ...over,
  });
  renderRoutes(
    [
      { path: '/module/business', Component: BusinessSectorPage },
      { path: '/detail', element: <p>detail</p> },
    ],
    { initialEntries: ['/module/business'] },
  );
  return calls;
}

const row = async (name: string) => (await screen.findByText(name, { selector: 'strong' })).closest('tr')!;
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

beforeEach(() => {
  signInAs(['P10000', 'P100000', 'P101000']);
});

describe('BusinessSectorPage', () => {
  it('lists each sector with its image, description, dashboards in order and rotation', async () => {
    renderPage();
    const production = await row('生产');
    expect(within(production).getByRole('img', { name: '生产' })).toHaveAttribute(
      'src',
      expect.stringContaining('/yun/resourcesInfo/file/a.png'),
    );
    expect(production).toHaveTextContent('各车间的产量与设备状态');
    expect(production).toHaveTextContent('1. 车间总览');
    expect(production).toHaveTextContent('2. 不可用的看板 #22');
    expect(production).toHaveTextContent('每 30 秒');
    expect(within(production).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/detail?id=1');
    const energy = await row('能源');
    expect(energy).toHaveTextContent('未选择看板');
    expect(energy).toHaveTextContent('不轮播');
  });

  it('creates a sector with its dashboards in the chosen order', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ 'POST /yun/sector': () => ok(sector({ id: 3, name: '质量' })) });
    await user.click(await screen.findByRole('button', { name: /新建板块/ }));
    const d = await dialogTitled('新建业务板块');
    await user.type(within(d).getByLabelText('板块名称'), '质量');
    await user.type(within(d).getByLabelText('描述'), '质检数据');
    const interval = within(d).getByRole('spinbutton', { name: '轮播间隔' });
    await user.clear(interval);
    await user.type(interval, '15');
    await pick(user, within(d).getByRole('combobox', { name: '添加看板' }), '能耗分析');
    await pick(user, within(d).getByRole('combobox', { name: '添加看板' }), '质量');
    await user.click(within(d).getByRole('button', { name: '上移“质量”' }));
    const order = within(d).getByRole('list', { name: '板块中的看板' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1质量', '2能耗分析']);
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/sector')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/sector')[0]!)).toEqual({
      name: '质量',
      description: '质检数据',
      image: '',
      interval: 15,
      dashboard_ids: [24, 23],
    });
  });

  it('holds the name to 6 characters and the description to 500, counting them', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ 'POST /yun/sector': () => fail('100004', '参数不合法', 'name') });
    await user.click(await screen.findByRole('button', { name: /新建板块/ }));
    const d = await dialogTitled('新建业务板块');
    const name = within(d).getByLabelText('板块名称');
    await user.type(name, '一二三四五六七八');
    expect(name).toHaveValue('一二三四五六');
    expect(within(d).getByText('6 / 6')).toBeInTheDocument();
    const description = within(d).getByLabelText('描述');
    await user.click(description);
    await user.paste('字'.repeat(520));
    expect((description as HTMLTextAreaElement).value).toHaveLength(500);
    expect(within(d).getByText('500 / 500')).toBeInTheDocument();
    // The server's refusal of the name sits on the field.
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    expect(await within(d).findByText('参数不合法')).toBeInTheDocument();
    expect(requests(calls, 'post', '/yun/sector')).toHaveLength(1);
  });

  it('needs a name', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.click(await screen.findByRole('button', { name: /新建板块/ }));
    const d = await dialogTitled('新建业务板块');
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    expect(await within(d).findByText('请输入板块名称')).toBeInTheDocument();
    expect(requests(calls, 'post', '/yun/sector')).toHaveLength(0);
  });

  it('edits a sector, keeping the dashboard the editor no longer sees unless removed', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ 'PUT /yun/sector': () => ok(PRODUCTION) });
    await user.click(within(await row('生产')).getByRole('button', { name: '编辑' }));
    const d = await dialogTitled('编辑业务板块');
    expect(within(d).getByLabelText('板块名称')).toHaveValue('生产');
    expect(within(d).getByText('看板（2/20）')).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: '移除“不可用的看板 #22”' }));
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/sector')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/sector')[0]!)).toEqual({
      id: 1,
      name: '生产',
      description: '各车间的产量与设备状态',
      image: '/api/yun/resourcesInfo/file/a.png',
      interval: 30,
      dashboard_ids: [21],
    });
  });

  it('moves a sector down and deletes one once confirmed', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'PUT /yun/sector/reorder': () => ok([ENERGY, PRODUCTION]),
      'DELETE /yun/sector': () => ok(null),
    });
    await user.click(within(await row('生产')).getByRole('button', { name: '板块“生产”的更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '下移' }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/sector/reorder')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/sector/reorder')[0]!)).toEqual({ ids: [2, 1] });

    await user.click(within(await row('能源')).getByRole('button', { name: '板块“能源”的更多操作' }));
    // The first row's menu stays in the document, closed: the last menu is this row's.
    await user.click((await screen.findAllByRole('menuitem', { name: '删除' })).at(-1)!);
    const confirm = await dialogTitled('删除板块“能源”？');
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(requests(calls, 'delete', '/yun/sector')).toHaveLength(1));
    expect(requests(calls, 'delete', '/yun/sector')[0]!.params).toEqual({ id: 2 });
  });

  it('shares a sector as a read-only sector link starting on a device and a group, its address shown once', async () => {
    signInAs(['P10000', 'P100000', 'P101000', 'P82000']);
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /dev': () =>
        ok({
          items: [{ id: 12, sn_code: 'IOT0000012', alias: '1号空压机', registered: true, dev_state: 1 }],
          total: 1,
          page: 1,
          page_size: 200,
        }),
      'GET /yun/dev/group': () => ok([{ id: 4, name: '空压站', is_default: false }]),
      'POST /yun/components/share': () =>
        ok({
          id: 41,
          link_type: 3,
          permission: 1,
          sector: { id: 1, name: '生产', available: true },
          dashboard: null,
          device_id: 12,
          group_id: 4,
          devices: [],
          expire_at: null,
          access_limit: null,
          use_count: 0,
          note: '指挥中心',
          use_state: 1,
          state: 'active',
          token: 'tok-sector-once',
          created_at: 0,
        }),
    });
    await user.click(within(await row('生产')).getByRole('button', { name: '板块“生产”的更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '分享' }));
    const d = await dialogTitled('分享业务板块');
    expect(within(d).getByTestId('share-link-sector')).toHaveTextContent('生产');
    // A sector link names no devices and has no control.
    expect(within(d).queryByRole('radio', { name: '可控制' })).toBeNull();
    expect(within(d).queryByRole('switch')).toBeNull();
    await pick(user, within(d).getByRole('combobox', { name: '起始设备' }), '1号空压机 (IOT0000012)');
    await pick(user, within(d).getByRole('combobox', { name: '起始分组' }), '空压站');
    await user.type(within(d).getByLabelText('备注'), '指挥中心');
    await user.click(within(d).getByRole('button', { name: '创建链接' }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/components/share')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/components/share')[0]!)).toEqual({
      link_type: 3,
      permission: 1,
      sector_id: 1,
      device_id: 12,
      group_id: 4,
      expire_at: null,
      access_limit: null,
      note: '指挥中心',
    });
    const shown = await dialogTitled('分享链接已创建');
    expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(
      `${window.location.origin}/iotyun/detail?token=tok-sector-once`,
    );
  });

  it('opens the share dialog on the sector asked, and shows the server’s refusal in it', async () => {
    signInAs(['P10000', 'P100000', 'P101000', 'P82000']);
    const user = userEvent.setup();
    renderPage({
      'GET /dev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
      'GET /yun/dev/group': () => ok([]),
      'POST /yun/components/share': () => fail('100005', '资源不存在', 'sector_id'),
    });
    // Opened on one sector, closed, then on another: each opening shows its own sector (issue 30).
    await user.click(within(await row('生产')).getByRole('button', { name: '板块“生产”的更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '分享' }));
    const first = await dialogTitled('分享业务板块');
    expect(within(first).getByTestId('share-link-sector')).toHaveTextContent('生产');
    await user.click(within(first).getByRole('button', { name: /取\s*消/ }));
    await user.click(within(await row('能源')).getByRole('button', { name: '板块“能源”的更多操作' }));
    await user.click((await screen.findAllByRole('menuitem', { name: '分享' })).at(-1)!);
    // The closed dialog may linger while it animates out: the new one is the last.
    const named = await screen.findAllByTestId('share-link-sector');
    await waitFor(() => expect(named.at(-1)).toHaveTextContent('能源'));
    const d = named.at(-1)!.closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(d).getByRole('button', { name: '创建链接' }));
    expect(await within(d).findByText('资源不存在')).toBeInTheDocument();
    expect(screen.queryByText('分享链接已创建')).toBeNull();
  });

  it('offers no share without the share-link right', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await row('生产')).getByRole('button', { name: '板块“生产”的更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '下移' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '分享' })).toBeNull();
  });

  it('says when there is no sector yet', async () => {
    renderPage({ 'GET /yun/sector': () => ok([]) });
    expect(await screen.findByText('还没有业务板块')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建第一个板块/ })).toBeInTheDocument();
  });

  it('opens the sector dialog on each sector with its own values (issue 30)', () => {
    mockApi({ 'GET /yun/dashboard': () => ok(DASHBOARDS) });
    expectEachOpeningShowsItsOwn(
      (s: Sector | null, open) => <SectorFormModal open={open} sector={s} onClose={() => undefined} />,
      [PRODUCTION, ENERGY, null],
      (s) => [s?.name ?? '', s?.description ?? ''],
    );
  });
});
