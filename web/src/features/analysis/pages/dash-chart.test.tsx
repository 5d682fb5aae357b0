import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import { report } from '@/test/reports';
import DashChartPage from './dash-chart';

const REPORTS = [report(), report({ id: 5, title: '压力曲线', chart_type: 3, table_kind: 6 })];

function renderList(handlers: Record<string, Handler> = {}, url = '/analysis/dashChart') {
  const calls = mockApi({
    'GET /yun/report/basic': () => ok({ items: REPORTS, total: 2, page: 1, page_size: 20 }),
    'GET /yun/report/group': () => ok([{ id: 4, name: '产线', count: 1 }]),
    ...handlers,
  });
  const { router } = renderRoutes(
    [
      { path: '/analysis/dashChart', Component: DashChartPage },
      { path: '/designNewChart', element: <p>designer</p> },
    ],
    { initialEntries: [url] },
  );
  return { calls, router };
}

const row = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
const listCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url === '/yun/report/basic');

beforeEach(() => {
  signInAs(['P60000', 'P61000', 'P61100', 'P61400', 'P63000']);
});

afterEach(() => {
  resetScreenWidth();
});

describe('report list', () => {
  it('lists each report with its chart type, table kind, time and actions', async () => {
    renderList();
    const first = await row('在线设备');
    expect(first).toHaveTextContent('表格');
    expect(first).toHaveTextContent('设备信息');
    expect(within(first).getByRole('link', { name: '预览' })).toHaveAttribute(
      'href',
      '/analysis/dashChart/previewChart?id=3',
    );
    expect(within(first).getByRole('link', { name: '编辑' })).toHaveAttribute('href', '/designChart?id=3');
    expect(within(first).getByRole('link', { name: '数据' })).toHaveAttribute(
      'href',
      '/analysis/reportData?id=3',
    );
    expect(await row('压力曲线')).toHaveTextContent('折线图');
  });

  it('copies a report', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({
      'POST /yun/report/basic/copy': () => ok(report({ id: 9, title: '在线设备-copy' })),
    });
    const first = await row('在线设备');
    await user.click(within(first).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: '复制' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/yun/report/basic/copy')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/yun/report/basic/copy')!)).toEqual({ id: 3 });
    expect(await screen.findByText('已复制为“在线设备-copy”')).toBeInTheDocument();
  });

  it("opens a report's schedule from its menu", async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'GET /yun/report/schedule': () => ok(null) });
    await user.click(within(await row('压力曲线')).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: '定时报表' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/yun/report/schedule')?.params).toMatchObject({ report_id: 5 }),
    );
  });

  it('deletes a report only once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'DELETE /yun/report/basic': () => ok(null) });
    const open = async () => {
      await user.click(within(await row('在线设备')).getByRole('button', { name: /更多/ }));
      await user.click(await screen.findByRole('menuitem', { name: '删除' }));
      return waitFor(() => {
        const open = screen.getAllByRole('dialog').filter((d) => d.textContent.includes('删除报表'));
        expect(open.length).toBeGreaterThan(0);
        return open.at(-1)!;
      });
    };
    let dialog = await open();
    expect(dialog).toHaveTextContent('删除报表“在线设备”？');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.method === 'delete')).toBe(false);

    dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'delete')).toBe(true));
    expect(calls.find((c) => c.method === 'delete')!.params).toEqual({ id: 3 });
    expect(await screen.findByText('已删除“在线设备”')).toBeInTheDocument();
  });

  it('filters by group, "no group" being group 0, and searches by title', async () => {
    const user = userEvent.setup();
    const { calls } = renderList();
    await row('在线设备');
    await user.click(screen.getByRole('option', { name: /未分组/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.params).toMatchObject({ group_id: 0, page: 1 }));
    await user.click(screen.getByRole('option', { name: /产线/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.params).toMatchObject({ group_id: 4 }));
    await user.type(screen.getByRole('searchbox', { name: '搜索报表标题' }), '压力{Enter}');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.params).toMatchObject({ title: '压力', group_id: 4 }),
    );
  });

  it('creates a report group and shows its reports', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'POST /yun/report/group': () => ok({ id: 6, name: '能耗', count: 0 }) });
    await row('在线设备');
    await user.click(screen.getByRole('button', { name: '新建分组' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('分组名称'), ' 能耗 ');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/yun/report/group' && c.method === 'post')).toBe(true),
    );
    expect(bodyOf(calls.find((c) => c.method === 'post')!)).toEqual({ name: '能耗' });
    await waitFor(() => expect(listCalls(calls).at(-1)!.params).toMatchObject({ group_id: 6 }));
  });

  it('opens the designer in the group shown', async () => {
    const user = userEvent.setup();
    const { router } = renderList({}, '/analysis/dashChart?group_id=4');
    await row('在线设备');
    await user.click(screen.getByRole('button', { name: /新建报表/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/designNewChart'));
    expect(router.state.location.search).toBe('?group=4');
  });

  it('says when there are no reports and offers a new one', async () => {
    const user = userEvent.setup();
    const { router } = renderList({
      'GET /yun/report/basic': () => ok({ items: [], total: 0, page: 1, page_size: 20 }),
    });
    expect(await screen.findByText('还没有报表')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: /新建报表/ });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/designNewChart'));
  });

  it('shows cards on a phone', async () => {
    setScreenWidth(390);
    renderList();
    expect(await screen.findByText('在线设备')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
  });
});
