import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { GalleryPicker } from './gallery-picker';
import type { ClassifyOut, ImageOut, ModelOut } from './types';

// The 3D viewer draws with WebGL, which jsdom lacks (components/model3d has its own tests): here, what it is given.
vi.mock('@/components/model3d/model-view', () => ({
  ModelView: ({ url, interactive }: { url: string; interactive?: boolean }) => (
    <div data-testid="model-view" data-url={url} data-interactive={String(Boolean(interactive))} />
  ),
}));

const classify = (
  id: number,
  name: string,
  is_system: boolean,
  image_count = 0,
  model_count = 0,
): ClassifyOut => ({
  id,
  name,
  is_system,
  uncategorised: false,
  image_count,
  model_count,
  sort: id,
  created_at: 0,
});

const image = (id: number, name: string, is_system = true): ImageOut => ({
  id,
  name,
  classify_id: 1,
  url: `/api/yun/resourcesInfo/file/key${id}.png`,
  size_bytes: 1000,
  content_type: 'image/png',
  width: 64,
  height: 48,
  use: 'image',
  is_system,
  created_at: 0,
});

const page = (items: ImageOut[]) => ok({ items, total: items.length, page: 1, page_size: 24 });

const CLASSES = [classify(1, '图标', true, 2), classify(2, '按钮', true), classify(7, '泵房', false, 1, 1)];

const model = (id: number, name: string): ModelOut => ({
  id,
  name,
  classify_id: 7,
  url: `/api/yun/resourcesInfo/model/file/key${id}/pump.gltf`,
  files: [
    { name: 'pump.gltf', size_bytes: 1024, url: `/api/yun/resourcesInfo/model/file/key${id}/pump.gltf` },
    { name: 'pump.bin', size_bytes: 2048, url: `/api/yun/resourcesInfo/model/file/key${id}/pump.bin` },
  ],
  size_bytes: 3072,
  created_at: 0,
});

const GLTF = JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'pump.bin', byteLength: 4 }] });

function show(handlers: Record<string, Handler>, onSelect = vi.fn()) {
  const calls = mockApi({
    'GET /yun/resourcesClassify': () => ok(CLASSES),
    'GET /yun/resourcesInfo/usage': () => ok({ used_bytes: 1.5 * 1024 * 1024, quota_bytes: null }),
    ...handlers,
  });
  renderRoutes([{ path: '/', element: <GalleryPicker open onCancel={vi.fn()} onSelect={onSelect} /> }]);
  return { calls, onSelect };
}

/** A dialog by its title (every antd Modal of a test shares one generated title id, so names do not tell them apart). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('GalleryPicker', () => {
  it('opens on the system gallery and hands back the chosen image URL', async () => {
    const { calls, onSelect } = show({
      'GET /yun/resourcesInfo': (c) =>
        ok({ items: c.params.classify_id === 2 ? [] : [image(3, '阀门'), image(4, '水泵')], total: 2 }),
    });
    const classes = await screen.findByRole('listbox', { name: '分类' });
    expect(within(classes).getByText('图标')).toBeInTheDocument();
    expect(within(classes).queryByText('泵房')).not.toBeInTheDocument();
    const choose = screen.getByRole('button', { name: /选\s*择/ });
    expect(choose).toBeDisabled();
    await userEvent.click(await screen.findByRole('option', { name: '水泵' }));
    await userEvent.click(choose);
    expect(onSelect).toHaveBeenCalledWith('/api/yun/resourcesInfo/file/key4.png', image(4, '水泵'));
    expect(calls.find((c) => c.url === '/yun/resourcesInfo')?.params).toMatchObject({
      system: true,
      page: 1,
    });

    await userEvent.click(within(classes).getByText('按钮'));
    expect(await screen.findByText('这里还没有图片')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/yun/resourcesInfo').at(-1)?.params).toMatchObject({
      classify_id: 2,
    });
  });

  it('searches by name and says when nothing matches', async () => {
    const { calls } = show({
      'GET /yun/resourcesInfo': (c) => (c.params.name ? page([]) : page([image(3, '阀门')])),
    });
    await screen.findByRole('option', { name: '阀门' });
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索图片名称' }), '泵{Enter}');
    expect(await screen.findByText('没有名称匹配的图片')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/yun/resourcesInfo').at(-1)?.params).toMatchObject({ name: '泵' });
  });

  it('offers a retry when the images fail to load', async () => {
    let failing = true;
    show({
      'GET /yun/resourcesInfo': () => (failing ? fail('100003', '服务异常') : page([image(3, '阀门')])),
    });
    await screen.findByText('图片加载失败', {}, { timeout: 10_000 });
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('option', { name: '阀门' })).toBeInTheDocument();
  });

  it('makes and deletes classifications of my gallery, showing a refusal', async () => {
    const { calls } = show({
      'GET /yun/resourcesInfo': () => page([]),
      'POST /yun/resourcesClassify': (c) => ok(classify(8, (bodyOf(c) as { name: string }).name, false)),
      'DELETE /yun/resourcesClassify': () => fail('114006', '该分类下还有图片，不能删除'),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '我的图库' }));
    expect(await screen.findByText('已用 1.5 MB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新建分类' }));
    const dialog = await dialogTitled('新建分类');
    await userEvent.type(within(dialog).getByLabelText('分类名称'), '阀门');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === 'post')!)).toEqual({ name: '阀门' }));

    await userEvent.click(screen.getByRole('button', { name: '删除分类 泵房' }));
    await userEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('该分类下还有图片，不能删除')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'delete')?.params).toEqual({ id: 7 });
  });

  it('checks a file before it is sent and uploads a PNG, without a classification, into my uncategorised bucket', async () => {
    const { calls } = show({
      'GET /yun/resourcesInfo': () => page([]),
      'POST /yun/resourcesInfo': () => ok(image(9, '新图', false)),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '我的图库' }));
    const input = await screen.findByTestId('gallery-file');
    fireEvent.change(input, { target: { files: [new File(['plain text'], 'fake.png')] } });
    expect(
      await screen.findByText('图片须为 jpg、png 或 svg 格式（背景图片仅限 jpg 或 png）'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    fireEvent.change(input, { target: { files: [new File([PNG], '泵房背景.jpg')] } });
    const dialog = await dialogTitled('上传图片');
    expect(within(dialog).getByLabelText('图片名称')).toHaveValue('泵房背景');
    await userEvent.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const sent = calls.find((c) => c.method === 'post')!.data as FormData;
    expect([sent.get('name'), sent.get('classify_id'), sent.get('use')]).toEqual(['泵房背景', null, 'image']);
    expect((sent.get('file') as File).name).toBe('泵房背景.jpg');
  });

  it('uploads before any classification is made (issue 30 point 7), an SVG too', async () => {
    const calls = mockApi({
      'GET /yun/resourcesClassify': () => ok(CLASSES.filter((c) => c.is_system)),
      'GET /yun/resourcesInfo/usage': () => ok({ used_bytes: 0, quota_bytes: null }),
      'GET /yun/resourcesInfo': () => page([]),
      'POST /yun/resourcesInfo': () => ok(image(9, 'icon', false)),
    });
    renderRoutes([{ path: '/', element: <GalleryPicker open onCancel={vi.fn()} onSelect={vi.fn()} /> }]);
    await userEvent.click(await screen.findByRole('tab', { name: '我的图库' }));
    expect(screen.getByRole('button', { name: /上传图片/ })).toBeEnabled();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';
    fireEvent.change(await screen.findByTestId('gallery-file'), {
      target: { files: [new File([svg], 'icon.svg')] },
    });
    const dialog = await dialogTitled('上传图片');
    expect(within(dialog).getByText('未分类')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const sent = calls.find((c) => c.method === 'post')!.data as FormData;
    expect(sent.get('classify_id')).toBeNull();
  });

  it('lists my 3D models with their files and size, and deletes one after a confirmation', async () => {
    const { calls } = show({
      'GET /yun/resourcesInfo/model': () =>
        ok({ items: [model(5, '离心泵')], total: 1, page: 1, page_size: 10 }),
      'DELETE /yun/resourcesInfo/model': () => ok(null),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '3D模型' }));
    expect(await screen.findByText('离心泵')).toBeInTheDocument();
    expect(screen.getByText('pump.gltf, pump.bin')).toBeInTheDocument();
    expect(screen.getByText('3.0 KB')).toBeInTheDocument();
    // The usage is its own request, answered after the list's on a loaded machine.
    expect(await screen.findByText('已用 1.5 MB')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('删除模型 离心泵'));
    expect(await screen.findByText('删除模型“离心泵”？')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    const popover = document.querySelector<HTMLElement>('.ant-popover');
    if (!popover) throw new Error('no confirmation');
    fireEvent.click(within(popover).getByText(/^删\s*除$/));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'delete' && c.url === '/yun/resourcesInfo/model')?.params,
      ).toEqual({
        id: 5,
      }),
    );
    expect(await screen.findByText('模型已删除')).toBeInTheDocument();
  });

  it('previews a 3D model in a dialog, turned with the pointer', async () => {
    show({
      'GET /yun/resourcesInfo/model': () =>
        ok({ items: [model(5, '离心泵')], total: 1, page: 1, page_size: 10 }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '3D模型' }));
    fireEvent.click(await screen.findByLabelText('预览模型 离心泵'));
    const dialog = await dialogTitled('3D模型：离心泵');
    const view = within(dialog).getByTestId('model-view');
    expect(view.dataset.url).toMatch(/\/yun\/resourcesInfo\/model\/file\/key5\/pump\.gltf$/);
    expect(view.dataset.url).not.toMatch(/^\/api\/api\//);
    expect(view.dataset.interactive).toBe('true');
  });

  it('checks the files of a model in the browser, then uploads them in one request and shows a refusal', async () => {
    let refuse = true;
    const { calls } = show({
      'GET /yun/resourcesInfo/model': () => ok({ items: [], total: 0, page: 1, page_size: 10 }),
      'POST /yun/resourcesInfo/model': () =>
        refuse ? fail('114504', '模型名称已存在', 'name') : ok(model(6, '泵')),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '3D模型' }));
    expect(await screen.findByText('这里还没有3D模型')).toBeInTheDocument();
    const input = await screen.findByTestId('gallery-model-files');
    fireEvent.change(input, { target: { files: [new File(['{}'], 'a.gltf'), new File(['{}'], 'b.gltf')] } });
    expect(await screen.findByText('模型须包含且仅包含一个 gltf 文件')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File([GLTF], 'pump.gltf')] } });
    expect(await screen.findByText('模型文件解析失败（pump.gltf）')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    const files = [new File([GLTF], 'pump.gltf'), new File([new Uint8Array(4)], 'pump.bin')];
    fireEvent.change(input, { target: { files } });
    const dialog = await dialogTitled('上传3D模型');
    expect(within(dialog).getByLabelText('模型名称')).toHaveValue('pump');
    await userEvent.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText('模型名称已存在')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'post')!.data as FormData;
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['pump.gltf', 'pump.bin']);
    expect([sent.get('name'), sent.get('classify_id')]).toEqual(['pump', '7']);
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await screen.findByText('模型已上传')).toBeInTheDocument();
  });
});
