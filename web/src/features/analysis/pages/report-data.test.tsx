import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { report } from '@/test/reports';
import type { TableData } from '../types';
import ReportDataPage from './report-data';

function table(page: number, pageSize: number): TableData {
  return {
    columns: [
      { key: 'category', title: '在线状态', unit: null },
      { key: 's0', title: '设备', unit: '台' },
    ],
    items: Array.from({ length: pageSize }, (_, i) => ({
      category: `c${String((page - 1) * pageSize + i)}`,
      s0: i,
    })),
    total: 45,
    page,
    page_size: pageSize,
  };
}

function renderData(handlers: Record<string, Handler> = {}, url = '/analysis/reportData?id=3') {
  const calls = mockApi({
    'GET /yun/report/info': () => ok(report()),
    'GET /yun/report/basic': () => ok({ items: [report()], total: 1, page: 1, page_size: 200 }),
    'GET /yun/report/table/data': (c) => {
      const p = c.params as { page: number; page_size: number };
      return ok(table(p.page, p.page_size));
    },
    ...handlers,
  });
  const { router } = renderRoutes([{ path: '/analysis/reportData', Component: ReportDataPage }], {
    initialEntries: [url],
  });
  return { calls, router };
}

const dataCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/yun/report/table/data');
const lastParams = (calls: ReturnType<typeof mockApi>) => dataCalls(calls).at(-1)!.params;

beforeEach(() => {
  signInAs(['P60000', 'P61000', 'P63000']);
});

describe('report table data', () => {
  it('asks for the first page in the browser zone, without a sort or a range', async () => {
    const { calls } = renderData();
    expect(await screen.findByText('c0')).toBeInTheDocument();
    expect(lastParams(calls)).toEqual({
      id: 3,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      page: 1,
      page_size: 20,
    });
    expect(screen.getByRole('columnheader', { name: /设备 \(台\)/ })).toBeInTheDocument();
  });

  it('sorts by a column on the server, ascending then descending, back to page 1', async () => {
    const user = userEvent.setup();
    const { calls } = renderData({}, '/analysis/reportData?id=3&page=2');
    await screen.findByText('c20');
    expect(lastParams(calls)).toMatchObject({ page: 2 });
    await user.click(screen.getByRole('columnheader', { name: /设备 \(台\)/ }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ sort_by: 's0', order: 'asc', page: 1 }));
    await user.click(screen.getByRole('columnheader', { name: /设备 \(台\)/ }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ sort_by: 's0', order: 'desc', page: 1 }));
  });

  it('turns pages keeping the sort', async () => {
    const user = userEvent.setup();
    const { calls } = renderData({}, '/analysis/reportData?id=3&sort_by=category&order=desc');
    await screen.findByText('c0');
    expect(lastParams(calls)).toMatchObject({ sort_by: 'category', order: 'desc', page: 1 });
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() =>
      expect(lastParams(calls)).toMatchObject({ sort_by: 'category', order: 'desc', page: 3 }),
    );
  });

  it('offers the export only when the report is exportable', async () => {
    renderData({ 'GET /yun/report/info': () => ok(report({ exportable: false })) });
    await screen.findByText('c0');
    await screen.findByRole('heading', { name: '在线设备' });
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('exports the table data of an exportable report in the chosen range', async () => {
    const user = userEvent.setup();
    const { calls } = renderData(
      { 'POST /yun/exportFile': () => ok({ id: 1, file_name: 'a.xlsx', title: 'a' }) },
      '/analysis/reportData?id=3&start=1000&end=2000',
    );
    await screen.findByText('c0');
    expect(lastParams(calls)).toMatchObject({ start: 1000, end: 2000 });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/yun/exportFile')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url === '/yun/exportFile')!)).toEqual({
      kind: 'report_data',
      report_id: 3,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      start: 1000,
      end: 2000,
      confirm: false,
    });
  });

  it('asks for a report when none is named', async () => {
    const { calls } = renderData({}, '/analysis/reportData');
    expect(await screen.findByText('请先选择一个报表')).toBeInTheDocument();
    expect(dataCalls(calls)).toHaveLength(0);
    const select = screen.getByRole('combobox', { name: '选择报表' });
    expect(within(select.closest<HTMLElement>('.ant-select')!).getByText('选择报表')).toBeInTheDocument();
  });

  it("writes times in the viewer's zone and format and values at their decimals (defect 5)", async () => {
    const at = (hour: number) => new Date(2026, 10, 21, hour).toISOString();
    renderData({
      'GET /yun/report/info': () => ok({ ...report(), time_unit: 'hour' }),
      'GET /yun/report/table/data': () =>
        ok({
          columns: [
            { key: 'category', title: '时间', unit: null, decimals: null },
            { key: 's0', title: '出水压力', unit: 'MPa', decimals: 2 },
            { key: 's1', title: '温度', unit: '℃', decimals: 1 },
          ],
          items: [
            { category: at(17), s0: 0.5, s1: 49.95000000000001 },
            { category: at(18), s0: 1234.5, s1: null },
          ],
          total: 2,
          page: 1,
          page_size: 20,
        }),
    });
    expect(await screen.findByText('2026-11-21 17:00')).toBeInTheDocument();
    expect(screen.getByText('2026-11-21 18:00')).toBeInTheDocument();
    expect(screen.getByText('0.50')).toBeInTheDocument();
    expect(screen.getByText('50.0')).toBeInTheDocument();
    expect(screen.getByText('1,234.50')).toBeInTheDocument();
    expect(screen.queryByText(/T17:00/)).toBeNull();
    expect(screen.getByRole('columnheader', { name: /出水压力 \(MPa\)/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /温度 \(℃\)/ })).toBeInTheDocument();
  });
});
