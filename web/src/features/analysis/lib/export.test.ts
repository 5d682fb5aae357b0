import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/http';
import type { ExportJob, ExportRequest } from '../types';
import { exportWithConfirm } from './export';

const JOB = { id: 1, kind: 'report', state: 'queued' } as ExportJob;
const CAP = new ApiError({ code: '110525', detail: '最多只能导出前 5000 行（共 12000 行）' });

describe('export flow', () => {
  it('posts once when under the cap', async () => {
    const post = vi.fn((request: ExportRequest) =>
      Promise.resolve({ ...JOB, report_id: request.report_id ?? null }),
    );
    const confirm = vi.fn(() => Promise.resolve(true));
    await expect(
      exportWithConfirm({ kind: 'report', report_id: 3 }, { post, confirm }),
    ).resolves.toMatchObject(JOB);
    expect(post.mock.calls).toEqual([[{ kind: 'report', report_id: 3, confirm: false }]]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('on 110525 asks, naming the rows, then posts again with confirm: true', async () => {
    const post = vi.fn((r: ExportRequest) => (r.confirm ? Promise.resolve(JOB) : Promise.reject(CAP)));
    const confirm = vi.fn(() => Promise.resolve(true));
    await expect(exportWithConfirm({ kind: 'report_data', report_id: 3 }, { post, confirm })).resolves.toBe(
      JOB,
    );
    expect(confirm).toHaveBeenCalledWith('最多只能导出前 5000 行（共 12000 行）');
    expect(post.mock.calls.map(([r]) => r.confirm)).toEqual([false, true]);
  });

  it('declined, posts nothing more', async () => {
    const post = vi.fn(() => Promise.reject(CAP));
    const confirm = vi.fn(() => Promise.resolve(false));
    await expect(exportWithConfirm({ kind: 'report', report_id: 3 }, { post, confirm })).resolves.toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('passes any other refusal on', async () => {
    const empty = new ApiError({ code: '110526', detail: '没有可导出的数据' });
    const post = vi.fn(() => Promise.reject(empty));
    const confirm = vi.fn(() => Promise.resolve(true));
    await expect(exportWithConfirm({ kind: 'report', report_id: 3 }, { post, confirm })).rejects.toBe(empty);
    expect(confirm).not.toHaveBeenCalled();
  });
});
