// The export centre: the caller's jobs, polled every 2 s while one is at work and no longer once none is; download,
// delete after a confirmation, the state filter and the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EXPORT_POLL_MS, pollWhileActive, type ExportJobOut } from '@/lib/exports';
import { mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import ExportCenterPage from './export-center';

const saved: string[] = [];
vi.mock('@/lib/download', () => ({
  saveBlob: (_blob: Blob, name: string) => {
    saved.push(name);
  },
}));

function job(over: Partial<ExportJobOut>): ExportJobOut {
  return {
    id: 1,
    kind: 'report',
    title: '泵站日报',
    file_name: 'pump-daily.xlsx',
    state: 'done',
    progress: 100,
    rows: 1200,
    size: 20480,
    error: null,
    source: 'manual',
    report_id: 3,
    created_at: Date.UTC(2026, 10, 27, 1, 0, 0),
    finished_at: Date.UTC(2026, 10, 27, 1, 0, 5),
    expires_at: Date.UTC(2026, 11, 4, 1, 0, 5),
    ...over,
  };
}

const page = (items: ExportJobOut[]) => ok({ items, total: items.length, page: 1, page_size: 20 });
const historyCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/yun/exportFile/history' && c.method === 'get');

function renderPage(handlers: Record<string, Handler>, path = '/exportCenter') {
  const calls = mockApi(handlers);
  renderRoutes([{ path: '/exportCenter', Component: ExportCenterPage }], { initialEntries: [path] });
  return calls;
}

beforeEach(() => {
  signInAs([]);
  saved.length = 0;
});

afterEach(() => {
  resetScreenWidth();
});

describe('pollWhileActive', () => {
  it('polls only while a job is queued or running', () => {
    expect(pollWhileActive(undefined)).toBe(false);
    expect(pollWhileActive({ items: [job({})], total: 1, page: 1, page_size: 20 })).toBe(false);
    expect(
      pollWhileActive({
        items: [job({}), job({ id: 2, state: 'queued' })],
        total: 2,
        page: 1,
        page_size: 20,
      }),
    ).toBe(EXPORT_POLL_MS);
  });
});

describe('ExportCenterPage', () => {
  it('polls while a job runs and stops once nothing runs', async () => {
    let answers = 0;
    const calls = renderPage({
      'GET /yun/exportFile/history': () => {
        answers += 1;
        return page([
          answers === 1
            ? job({ id: 2, state: 'running', progress: 40, rows: null, size: null })
            : job({ id: 2 }),
          job({ id: 1, title: '设备历史', kind: 'history', source: 'schedule' }),
        ]);
      },
    });
    expect(await screen.findByText('进行中')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '泵站日报 的进度' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('定时')).toBeInTheDocument();
    // The next poll finds it done; after that nothing is asked any more.
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('进行中')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS + 500));
    expect(historyCalls(calls)).toHaveLength(2);
  }, 15_000);

  it('downloads a finished file and deletes a job after confirming', async () => {
    const user = userEvent.setup();
    let items = [job({}), job({ id: 2, title: '失败的导出', state: 'failed', error: '磁盘已满' })];
    const calls = renderPage({
      'GET /yun/exportFile/history': () => page(items),
      'GET /exportFile/download': () => 'xlsx-bytes',
      'DELETE /yun/exportFile/history': () => {
        items = items.slice(0, 1);
        return ok(null);
      },
    });
    await user.click(await screen.findByRole('button', { name: '下载 泵站日报' }));
    await waitFor(() => expect(saved).toEqual(['pump-daily.xlsx']));
    expect(calls.find((c) => c.url === '/exportFile/download')!.params).toEqual({ id: 1 });
    // A failed job has no file.
    expect(screen.getByRole('button', { name: '下载 失败的导出' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '删除 失败的导出' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除导出「失败的导出」？');
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(screen.queryByText('失败的导出')).toBeNull());
    expect(calls.find((c) => c.method === 'delete')!.params).toEqual({ id: 2 });
  });

  it('filters by state through the URL and says when nothing matches', async () => {
    const calls = renderPage({ 'GET /yun/exportFile/history': () => page([]) }, '/exportCenter?state=failed');
    expect(await screen.findByText('没有符合条件的导出')).toBeInTheDocument();
    expect(historyCalls(calls).at(-1)!.params).toEqual({ page: 1, page_size: 20, state: 'failed' });
  });

  it('shows the empty state', async () => {
    renderPage({ 'GET /yun/exportFile/history': () => page([]) });
    expect(await screen.findByText(/还没有导出/)).toBeInTheDocument();
  });

  it('lists the jobs as cards on a phone, the actions at each foot', async () => {
    setScreenWidth(390);
    renderPage({ 'GET /yun/exportFile/history': () => page([job({})]) });
    await screen.findByText('泵站日报');
    const card = screen.getAllByRole('listitem').find((item) => item.classList.contains('data-card'))!;
    expect(within(card).getByText('泵站日报')).toBeInTheDocument();
    expect(within(card).getByText('20 KB')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '下载 泵站日报' })).toBeEnabled();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
