import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '@/test/render';
import { ImportDialog, type ImportDialogTexts } from './import-dialog';

const texts: ImportDialogTexts = {
  title: '导入',
  intro: '按模板填写',
  template: '下载模板',
  drop: '拖入文件',
  hint: '不超过 20 MB',
  processing: '处理中',
  start: '开始导入',
  again: '再导入',
  done: '完成',
};

function show(mutateAsync: (v: { file: File }) => Promise<{ total: number }>) {
  const downloadTemplate = vi.fn();
  renderRoutes([
    {
      path: '/',
      element: (
        <ImportDialog<{ total: number }>
          open
          onClose={() => undefined}
          texts={texts}
          block="x-import"
          accept={['.xlsx']}
          check={(f) => (f.name.endsWith('.xlsx') ? null : '只收 xlsx')}
          upload={{ mutateAsync, isPending: false }}
          downloadTemplate={downloadTemplate}
          templatePending={false}
          renderResult={(r) => <p>共 {r.total} 行</p>}
        />
      ),
    },
  ]);
  return { downloadTemplate };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('ImportDialog', () => {
  it('refuses a file the check rejects and keeps the start button off', async () => {
    show(() => Promise.resolve({ total: 0 }));
    await userEvent.upload(fileInput(), new File(['a'], 'a.csv'), { applyAccept: false });
    expect(await screen.findByText('只收 xlsx')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始导入' })).toBeDisabled();
  });

  it('uploads the picked file, shows the result and downloads the template', async () => {
    const mutateAsync = vi.fn<(v: { file: File }) => Promise<{ total: number }>>(() =>
      Promise.resolve({ total: 3 }),
    );
    const { downloadTemplate } = show(mutateAsync);
    await userEvent.click(screen.getByRole('button', { name: /下载模板/ }));
    expect(downloadTemplate).toHaveBeenCalled();
    await userEvent.upload(fileInput(), new File(['a'], 'a.xlsx'));
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(await screen.findByText('共 3 行')).toBeInTheDocument();
    expect(mutateAsync.mock.calls[0]?.[0].file.name).toBe('a.xlsx');
    expect(screen.getByRole('button', { name: '再导入' })).toBeInTheDocument();
  });
});
