import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { SoftwareVersionOut } from '../api/versions';
import { VersionEditModal } from '../components/version-edit-modal';
import SoftwareVersionPage from './version';

function version(over: Partial<SoftwareVersionOut> = {}): SoftwareVersionOut {
  return {
    id: 3,
    type: 1,
    version: '2.1.0',
    models: ['IG-100', 'IG-200'],
    content_zh: '提高轮询效率',
    content_en: 'Faster polling',
    mode: 1,
    state: 1,
    kind: 'gateway',
    file_name: 'gateway-2.1.0.tar.gz',
    size: 1536,
    sha256: 'a'.repeat(64),
    created_by_name: '管理员',
    created_at: Date.UTC(2026, 10, 30, 2, 0),
    updated_at: Date.UTC(2026, 10, 30, 2, 0),
    ...over,
  };
}

const VERSIONS = [
  version(),
  version({
    id: 4,
    type: 2,
    version: '1.0.0',
    models: ['android'],
    kind: 'apk',
    mode: 0,
    state: 0,
    content_zh: '',
  }),
];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /software/version': () => ok({ items: VERSIONS, total: 2, page: 1, page_size: 20 }),
    ...over,
  };
}

function renderPage(search = '') {
  return renderRoutes([{ path: '/software/version', element: <SoftwareVersionPage /> }], {
    initialEntries: [`/software/version${search}`],
  });
}

const dialogTitled = async (title: string) => {
  const [heading] = await screen.findAllByText(title, {
    selector: '.ant-modal-title, .ant-modal-confirm-title',
  });
  const dialog = heading?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
};

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

beforeEach(() => {
  signInAs(['P140000', 'P141000']);
  resetScreenWidth();
});

describe('SoftwareVersionPage', () => {
  it('lists the versions with their type, models or platform, content, mode and state', async () => {
    mockApi(handlers());
    renderPage();
    const gateway = await rowOf('2.1.0');
    expect(within(gateway).getByText('设备端')).toBeInTheDocument();
    expect(within(gateway).getByText('强制')).toBeInTheDocument();
    expect(within(gateway).getByText('IG-100')).toBeInTheDocument();
    expect(within(gateway).getByText('提高轮询效率')).toBeInTheDocument();
    expect(within(gateway).getByText('已发布')).toBeInTheDocument();
    const app = await rowOf('1.0.0');
    expect(within(app).getByText('Android')).toBeInTheDocument();
    // No Chinese content: the English one is shown rather than nothing.
    expect(within(app).getByText('Faster polling')).toBeInTheDocument();
    expect(within(app).getByText('已撤回')).toBeInTheDocument();
  });

  it('filters by type through the list’s query', async () => {
    const user = userEvent.setup();
    const calls = mockApi(handlers());
    const { router } = renderPage();
    await rowOf('2.1.0');
    await user.click(screen.getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByTitle('移动端'));
    await waitFor(() => expect(router.state.location.search).toContain('type=2'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ type: 2, page: 1 }));
  });

  it('says when there is no version yet', async () => {
    mockApi(handlers({ 'GET /software/version': () => ok({ items: [], total: 0, page: 1, page_size: 20 }) }));
    renderPage();
    expect(await screen.findByText(/还没有软件版本/)).toBeInTheDocument();
  });

  it('shows a failed list with a retry', async () => {
    mockApi(handlers({ 'GET /software/version': () => fail('100003', '服务异常') }));
    renderPage();
    expect(await screen.findByText('版本列表加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重试/ })).toBeInTheDocument();
  });

  it('checks the version and the models before sending, and asks for the package', async () => {
    const user = userEvent.setup();
    const calls = mockApi(handlers());
    renderPage();
    await user.click(await screen.findByRole('button', { name: /上传版本/ }));
    const dialog = await dialogTitled('上传软件版本');
    await user.type(within(dialog).getByLabelText('版本号'), 'v2.1');
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText(/版本号格式不正确/)).toBeInTheDocument();
    // Each field's rule settles on its own: on a busy machine they need not all show in the same frame.
    expect(await within(dialog).findByText('请至少填写一个网关型号')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择安装包')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'post')).toEqual([]);
  });

  it('uploads a package with its fields and shows a refusal beside the file', async () => {
    const user = userEvent.setup();
    const sent: FormData[] = [];
    mockApi(
      handlers({
        'POST /software/version': (config) => {
          sent.push(config.data as FormData);
          return fail('116001', '升级文件无效', 'file');
        },
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: /上传版本/ }));
    const dialog = await dialogTitled('上传软件版本');
    await user.type(within(dialog).getByLabelText('版本号'), '2.2.0');
    const models = within(dialog).getByLabelText('适用网关型号');
    await user.type(models, 'IG-100{Enter}');
    await user.type(within(dialog).getByLabelText('更新内容（中文）'), '修复断线重连');
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'g.tar.gz', { type: 'application/gzip' })] },
    });
    expect(await within(dialog).findByText('g.tar.gz')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText('升级文件无效')).toBeInTheDocument();
    const form = sent[0];
    if (!form) throw new Error('nothing sent');
    expect(form.get('type')).toBe('1');
    expect(form.get('version')).toBe('2.2.0');
    expect(form.getAll('models')).toEqual(['IG-100']);
    expect(form.get('content_zh')).toBe('修复断线重连');
    expect(form.get('mode')).toBe('0');
    expect((form.get('file') as File).name).toBe('g.tar.gz');
  });

  it('shows the library read-only to a user who runs upgrades', async () => {
    signInAs(['P140000', 'P142000']);
    mockApi(handlers());
    renderPage();
    const row = await rowOf('2.1.0');
    expect(within(row).getByText('下载')).toBeInTheDocument();
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(screen.queryByRole('button', { name: /上传版本/ })).toBeNull();
  });

  it('opens the edit dialog on each version with its own content', () => {
    mockApi(handlers());
    expectEachOpeningShowsItsOwn(
      (v: SoftwareVersionOut, open) => <VersionEditModal open={open} version={v} onClose={() => undefined} />,
      [
        version(),
        version({ id: 9, version: '3.0.0', content_zh: '新的网关固件', content_en: 'New firmware' }),
      ],
      (v) => [v.content_zh, v.content_en],
    );
  });
});
