import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { report, STATISTIC } from '@/test/reports';
import type { ExportJobOut as ExportJob } from '@/lib/exports';
import { setNavigator } from '@/lib/navigation';
import PreviewChartPage from './preview-chart';

const JOB: ExportJob = {
  id: 7,
  kind: 'report',
  title: '在线设备',
  file_name: '在线设备.xlsx',
  state: 'queued',
  progress: 0,
  rows: null,
  size: null,
  error: null,
  source: 'manual',
  report_id: 3,
  created_at: 0,
  finished_at: null,
  expires_at: 0,
};

function renderPreview(handlers: Record<string, Handler>) {
  const calls = mockApi({
    'GET /yun/report/info': () => ok(report()),
    'GET /yun/report/statistic': () => ok(STATISTIC),
    ...handlers,
  });
  const { router } = renderRoutes(
    [
      { path: '/analysis/dashChart/previewChart', Component: PreviewChartPage },
      { path: '/exportCenter', element: <p>export centre</p> },
    ],
    { initialEntries: ['/analysis/dashChart/previewChart?id=3'] },
  );
  return { calls, router };
}

const exports = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.url === '/yun/exportFile');

beforeEach(() => {
  signInAs(['P60000', 'P61000', 'P61100', 'P61400', 'P63000']);
});

describe('report preview', () => {
  it('draws the report in the browser zone', async () => {
    const { calls } = renderPreview({});
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const stat = calls.find((c) => c.url === '/yun/report/statistic')!;
    expect(stat.params).toMatchObject({ id: 3, tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(stat.params).not.toHaveProperty('start');
  });

  it('draws the report in its theme and colours its values by its conditions', async () => {
    renderPreview({
      'GET /yun/report/info': () =>
        ok(report({ theme: 'blueTech', conditions: [{ min: 3, max: null, color: '#123456' }] })),
    });
    const table = await screen.findByRole('table');
    // Values 4 and 2: 4 is in [3, ∞) and takes the condition's colour, 2 none.
    const coloured = [...table.querySelectorAll<HTMLElement>('td span[style]')];
    expect(coloured.map((c) => c.textContent)).toEqual(['4']);
    expect(coloured[0]).toHaveStyle({ color: '#123456' });
  });

  it("draws the indicator card in the theme's first colour when no condition matches", async () => {
    renderPreview({
      'GET /yun/report/info': () =>
        ok(
          report({
            chart_type: 1,
            theme: 'orangeTech',
            conditions: [{ min: 100, max: null, color: '#123456' }],
          }),
        ),
    });
    await waitFor(() =>
      expect(document.querySelector('.report-card__value')).toHaveStyle({ color: '#FF8A00' }),
    );
  });

  it('says a device or data source of the report is gone instead of an empty chart', async () => {
    renderPreview({ 'GET /yun/report/statistic': () => fail('118205', '请选择数据源', 'device_ids') });
    expect(await screen.findByText('报表引用的设备或数据源已不存在')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('over the row cap asks, naming the rows, then exports with confirm and links to the export centre', async () => {
    const user = userEvent.setup();
    const { calls } = renderPreview({
      'POST /yun/exportFile': (c) =>
        (bodyOf(c) as { confirm: boolean }).confirm
          ? ok(JOB)
          : fail('110525', '最多只能导出前 5000 行（共 12000 行）'),
    });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('最多只能导出前 5000 行（共 12000 行）');
    await user.click(within(dialog).getByRole('button', { name: /导出前 5000 行/ }));
    await waitFor(() => expect(exports(calls)).toHaveLength(2));
    expect(exports(calls).map((c) => bodyOf(c))).toEqual([
      { kind: 'report', report_id: 3, tz: expect.any(String), confirm: false },
      { kind: 'report', report_id: 3, tz: expect.any(String), confirm: true },
    ]);
    const navigate = vi.fn();
    setNavigator(navigate);
    await user.click(await screen.findByRole('link', { name: '打开导出中心' }));
    expect(navigate).toHaveBeenCalledWith('/exportCenter', undefined);
    setNavigator(null);
  });

  it('declining the cap exports nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderPreview({
      'POST /yun/exportFile': () => fail('110525', '最多只能导出前 5000 行（共 12000 行）'),
    });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(exports(calls)).toHaveLength(1);
  });

  it('offers no export for a report that is not exportable', async () => {
    renderPreview({ 'GET /yun/report/info': () => ok(report({ exportable: false })) });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
