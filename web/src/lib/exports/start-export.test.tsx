// startExport: a job is posted; over the row cap (110525) the user is asked and the export is posted again with
// confirm; a declined cap or a refusal starts nothing; a started job leads to the export centre.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { setNavigator } from '../navigation';
import { resetToasts } from '../toast';
import { exportKeys } from './api';
import { startExport } from './start-export';
import type { ExportJobOut, ExportRequest } from './types';

const job: ExportJobOut = {
  id: 9,
  kind: 'report',
  title: '泵站日报',
  file_name: 'report-9.xlsx',
  state: 'queued',
  progress: 0,
  rows: null,
  size: null,
  error: null,
  source: 'manual',
  report_id: 3,
  created_at: 1,
  finished_at: null,
  expires_at: 2,
};

const request: ExportRequest = {
  kind: 'report',
  report_id: 3,
  start: 1,
  end: 2,
  tz: 'Asia/Shanghai',
  confirm: false,
};

function setUp(handler: Handler) {
  const bodies: ExportRequest[] = [];
  mockApi({
    'POST /yun/exportFile': (config) => {
      bodies.push(bodyOf(config) as ExportRequest);
      return handler(config);
    },
  });
  const { client } = renderRoutes([{ path: '/', element: <p>page</p> }]);
  return { bodies, client };
}

const capThenJob: Handler = (config) =>
  (bodyOf(config) as ExportRequest).confirm
    ? ok(job)
    : fail('110525', '最多只能导出前 5000 行数据（共 12000 行）');

beforeEach(() => {
  signInAs([]);
  resetToasts();
});

afterEach(() => {
  setNavigator(null);
});

describe('startExport', () => {
  it('asks over 5000 rows, naming the total, and posts again with confirm', async () => {
    const user = userEvent.setup();
    const { bodies, client } = setUp(capThenJob);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const started = startExport(request, { client });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('只导出前 5000 行？');
    expect(within(dialog).getByText(/共 12000 行/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /导出前 5000 行/ }));
    await expect(started).resolves.toEqual(job);
    expect(bodies).toEqual([request, { ...request, confirm: true }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: exportKeys.all });
    expect(await screen.findByText(/已开始导出「泵站日报」/)).toBeInTheDocument();
  });

  it('starts nothing when the user declines the cap', async () => {
    const user = userEvent.setup();
    const { bodies, client } = setUp(capThenJob);
    const started = startExport(request, { client });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await expect(started).resolves.toBeNull();
    expect(bodies).toHaveLength(1);
  });

  it('posts once without asking under the cap and leads to the export centre', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    setNavigator(navigate);
    const { bodies, client } = setUp(() => ok(job));
    await expect(startExport(request, { client })).resolves.toEqual(job);
    expect(bodies).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(await screen.findByText('打开导出中心'));
    expect(navigate).toHaveBeenCalledWith('/exportCenter', undefined);
  });

  it('shows a refusal and starts nothing (nothing to export)', async () => {
    const { bodies, client } = setUp(() => fail('110526', '没有可导出的数据'));
    await expect(startExport(request, { client })).resolves.toBeNull();
    expect(await screen.findByText('没有可导出的数据')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['201805', '您排队中的导出任务已达上限'],
    ['201806', '本账户排队中的导出任务已达上限'],
  ])('shows the waiting-jobs cap %s from the error catalogue and starts nothing', async (code, text) => {
    const { bodies, client } = setUp(() => fail(code, ''));
    await expect(startExport(request, { client })).resolves.toBeNull();
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask again when the confirmed export is still refused', async () => {
    const { bodies, client } = setUp(() => fail('110525', '最多只能导出前 5000 行数据（共 12000 行）'));
    await expect(startExport({ ...request, confirm: true }, { client })).resolves.toBeNull();
    expect(bodies).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
