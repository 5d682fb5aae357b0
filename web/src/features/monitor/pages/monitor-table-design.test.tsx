import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { defaultColumn, type MonitorDesignColumn, type MonitorTableOut } from '@/lib/monitor-tables/api';
import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';

import type { MonitorTableLive } from '../api/monitor';
import MonitorTableDesignPage, { previewOf } from './monitor-table-design';

const column = (sourceId: number, over: Partial<MonitorDesignColumn> = {}) => ({
  ...defaultColumn(sourceId),
  ...over,
});

const design = (columns: ReturnType<typeof column>[]) => ({
  schema_version: 1 as const,
  columns,
  device: { title: '', width: 180, show_sn: true, show_state: true, frozen: true },
  row_height: 36,
  stale_after_s: 300,
});

function table(over: Partial<MonitorTableOut> = {}): MonitorTableOut {
  return {
    id: 5,
    template_id: 3,
    name: '泵组',
    description: '',
    sort: 0,
    revision: 4,
    columns: 2,
    updated_at: 0,
    design: design([column(41), column(42)]),
    sources: [
      { id: 41, name: '压力', group: '出口', unit: 'MPa', decimals: 2, data_type: 'float32' },
      { id: 42, name: '流量', group: '出口', unit: 'm³/h', decimals: 1, data_type: 'float32' },
      { id: 43, name: '温度', group: '电机', unit: '℃', decimals: 1, data_type: 'float32' },
    ],
    missing_sources: [],
    ...over,
  };
}

const live: MonitorTableLive = {
  id: 5,
  name: '泵组',
  description: '',
  revision: 4,
  template_id: 3,
  template_name: '泵站',
  design: design([column(41), column(42)]),
  sources: [null, null],
  rows: [
    {
      device_id: 12,
      sn_code: 'IOT12',
      dev_alias: '一号泵',
      dev_state: 1,
      report_time: 1,
      cells: [
        [0.8, 1, 0],
        [120, 1, 0],
      ],
      alarms: [2, 0],
    },
  ],
  total: 1,
  offline_timeout_ms: 1,
  now: 1,
};

function renderPage(handlers: Record<string, Handler>) {
  const calls = mockApi({ 'GET /yun/monitor/table': () => ok(live), ...handlers });
  renderRoutes(
    [
      { path: '/monitor/monitorTableDesign/:idParam', element: <MonitorTableDesignPage /> },
      { path: '/templateMiddleware/:idParam', element: <p>template page</p> },
    ],
    { initialEntries: ['/monitor/monitorTableDesign/id=5'] },
  );
  return calls;
}

beforeEach(() => {
  signInAs(['P10000', 'P41000', 'P111000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('the table designer', () => {
  it('aligns the preview on the draft columns by data source', () => {
    const draft = design([column(42), column(43)]);
    const preview = previewOf(live, table(), draft);
    expect(preview.rows[0]?.cells).toEqual([[120, 1, 0], null]);
    expect(preview.rows[0]?.alarms).toEqual([0, 0]);
    expect(preview.sources.map((s) => s?.name)).toEqual(['流量', '温度']);
  });

  it('adds and removes columns, titles one and saves the revision it was loaded at', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /yun/module/middleware/table': () => ok(table()),
      'PUT /yun/module/middleware/table': (c) =>
        ok({ ...table(), revision: 5, design: (bodyOf(c) as { design: unknown }).design }),
    });
    expect(await screen.findByText('表格设计 · 泵组')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: /保存/ });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /温度/ }));
    await user.click(screen.getByRole('checkbox', { name: /流量/ }));
    await user.type(screen.getAllByRole('textbox', { name: '列标题' })[0]!, '出口压力');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const body = bodyOf(calls.find((c) => c.method === 'put')!) as {
      revision: number;
      overwrite: boolean;
      design: { columns: { source_id: number; title: string }[] };
    };
    expect(body.revision).toBe(4);
    expect(body.overwrite).toBe(false);
    expect(body.design.columns.map((c) => [c.source_id, c.title])).toEqual([
      [41, '出口压力'],
      [43, ''],
    ]);
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('offers to overwrite a save made meanwhile by someone else', async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      'GET /yun/module/middleware/table': () => ok(table()),
      'PUT /yun/module/middleware/table': (c) =>
        (bodyOf(c) as { overwrite: boolean }).overwrite
          ? ok({ ...table(), revision: 9 })
          : fail('100023', '数据已被他人修改'),
    });
    await screen.findByText('表格设计 · 泵组');
    await user.click(screen.getByRole('checkbox', { name: /温度/ }));
    await user.click(screen.getByRole('button', { name: /保存/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('监控表已被他人修改').length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole('button', { name: '覆盖保存' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'put').map((c) => (bodyOf(c) as { overwrite: boolean }).overwrite),
      ).toEqual([false, true]),
    );
  });

  it('edits a column colour bands and refuses to save an empty one', async () => {
    const user = userEvent.setup();
    renderPage({ 'GET /yun/module/middleware/table': () => ok(table()) });
    await screen.findByText('表格设计 · 泵组');
    await user.click(screen.getAllByRole('button', { name: '颜色 0' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /添加区间/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: '最小值' }), '5');
    await user.type(within(dialog).getByRole('spinbutton', { name: '最大值' }), '1');
    expect(within(dialog).getByText('最小值须小于最大值')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /完\s*成/ }));
    expect(screen.getByRole('button', { name: /保存/ })).toBeDisabled();
  });

  it('drops the columns of deleted data sources and says the table is unsaved', async () => {
    renderPage({
      'GET /yun/module/middleware/table': () =>
        ok(table({ design: design([column(41), column(99)]), missing_sources: [99] })),
    });
    expect(await screen.findByText('未保存')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /保存/ })).toBeEnabled();
  });
});
