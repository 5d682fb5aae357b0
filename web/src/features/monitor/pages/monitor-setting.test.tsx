import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';

import { GroupFormModal } from '../components/group-form-modal';
import { group, setting, watched } from './monitor.fixtures';
import MonitorSettingPage from './monitor-setting';

function renderPage(handlers: Record<string, Handler>) {
  const calls = mockApi({
    'GET /yun/monitor/tables': () => ok(watched),
    'GET /yun/monitor/setting': () => ok(setting()),
    'GET /yun/monitor/groups': () => ok([]),
    ...handlers,
  });
  renderRoutes([{ path: '/monitor/monitorSetting', element: <MonitorSettingPage /> }], {
    initialEntries: ['/monitor/monitorSetting'],
  });
  return calls;
}

beforeEach(() => {
  signInAs(['P10000', 'P110000', 'P111000', 'P112000']);
});

const choice = (id: number) => screen.getByTestId(`choice-${id}`);

describe('Monitor settings', () => {
  it('chooses and orders tables, a period, a default and the density, and saves them', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'PUT /yun/monitor/setting': (c) =>
        ok(setting({ ...(bodyOf(c) as object), saved: true, updated_at: 1 })),
    });
    await screen.findByText('显示的监控表');
    await user.click(within(choice(8)).getByRole('checkbox'));
    await user.click(within(choice(9)).getByRole('checkbox'));
    // 8 then 9; 9 moved up: 9 then 8.
    await user.click(screen.getByRole('button', { name: '上移 风机 · 风机组' }));
    const order = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(order.slice(0, 2).map((li) => li.dataset.testid)).toEqual(['choice-9', 'choice-8']);
    await user.click(screen.getByRole('radio', { name: '30 秒' }));
    await user.click(screen.getByText('紧凑'));
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('combobox'));
    // The default is chosen among the chosen tables.
    expect(screen.queryByTitle('泵站 · 泵组')).toBeNull();
    await user.click(await screen.findByTitle('泵站 · 能耗'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'put')!)).toEqual({
      schema_version: 1,
      table_ids: [9, 8],
      refresh_s: 30,
      default_table_id: 8,
      density: 'compact',
      show_stale: false,
    });
    expect(await screen.findByText('监控设置已保存')).toBeInTheDocument();
  });

  it('shows the server refusal', async () => {
    const user = userEvent.setup();
    renderPage({ 'PUT /yun/monitor/setting': () => fail('115501', '监控表不存在', 'table_ids.0') });
    await screen.findByText('显示的监控表');
    await user.click(within(choice(7)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('监控表不存在')).toBeInTheDocument();
  });

  it('offers a retry when the setting failed to load', async () => {
    let first = true;
    renderPage({
      'GET /yun/monitor/setting': () => {
        if (first) {
          first = false;
          return fail('100003', '服务异常');
        }
        return ok(setting());
      },
    });
    expect(await screen.findByText('监控设置加载失败')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('显示的监控表')).toBeInTheDocument();
  });

  it('creates a group with chosen tables, edits one and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /yun/monitor/groups': () => ok([group()]),
      'POST /yun/monitor/group': (c) => ok(group({ id: 6, ...(bodyOf(c) as object), tables: [] })),
      'PUT /yun/monitor/group': () => ok(group()),
      'DELETE /yun/monitor/group': () => ok(null),
    });
    expect(await screen.findByRole('link', { name: '一车间' })).toHaveAttribute(
      'href',
      '/monitor/middlewaresGrouping/id=5',
    );
    expect(screen.getByText('泵站 · 泵组')).toBeInTheDocument();
    expect(screen.getByText('风机 · 风机组')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /新建分组/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '二车间');
    await user.click(within(within(dialog).getByTestId('choice-8')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'post')!)).toEqual({ name: '二车间', table_ids: [8] });

    await user.click(screen.getByRole('button', { name: '编辑 一车间' }));
    const edit = await screen.findByRole('dialog', { name: '编辑分组' });
    expect(within(edit).getByRole('textbox')).toHaveValue('一车间');
    await user.click(within(edit).getByRole('button', { name: '下移 泵站 · 泵组' }));
    await user.click(within(edit).getByRole('button', { name: /确\s*定|保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'put')!)).toEqual({
      id: 5,
      name: '一车间',
      table_ids: [9, 7],
    });

    await user.click(screen.getByRole('button', { name: '删除 一车间' }));
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'delete')?.params).toEqual({ id: 5 }));
  });

  it('the group dialog shows the group it was opened on each time', () => {
    mockApi({});
    const groups = [group({ id: 1, name: 'A' }), group({ id: 2, name: 'B' }), null];
    expectEachOpeningShowsItsOwn(
      (g: (typeof groups)[number], open: boolean) => (
        <GroupFormModal
          open={open}
          group={g}
          tables={watched}
          loading={false}
          onSave={() => Promise.resolve()}
          onClose={() => undefined}
        />
      ),
      groups,
      (g) => [g?.name ?? ''],
    );
  });
});
