import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '@/test/render';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import type { ScreenDesignOut, ScreenDraftOut } from '../types-screen';
import DesignConfigurePage from './design-configure';

const DESIGN: ScreenDesignOut = {
  id: 5,
  template_id: 7,
  kind: 'web',
  name: '主画面',
  is_main: true,
  sort: 0,
  schema_version: 1,
  revision: 3,
  saved_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  width: 1120,
  height: 630,
  document: { schema_version: 1, elements: [], groups: [] },
};

const MIDDLEWARE = {
  template: { id: 7, name: '锅炉模板' },
  screens: [{ id: 5, kind: 'web', name: '主画面' }],
};

const SOURCES = {
  items: [{ id: 1, name: '温度', unit: '℃', rw: 'r', decimals: 1 }],
  total: 1,
  page: 1,
  page_size: 200,
};

const DRAFT: ScreenDraftOut = {
  screen_id: 5,
  revision: 3,
  updated_at: 1_700_000_100_000,
  document: {
    schema_version: 1,
    elements: [{ id: 'd1', type: 'rect', placement: { x: 1, y: 2, w: 30, h: 40 } }],
    groups: [],
  },
};

function openDesigner(handlers: Record<string, Handler> = {}) {
  const calls = mockApi({
    'GET /yun/module/view/design': () => ok(DESIGN),
    'GET /yun/module/middleware': () => ok(MIDDLEWARE),
    'GET /yun/module/dataSource': () => ok(SOURCES),
    'GET /yun/module/view/draft': () => ok(null),
    ...handlers,
  });
  const { router } = renderRoutes(
    [
      { path: '/designConfigure/:idParam', element: <DesignConfigurePage /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
      { path: '/templateMiddleware/:idParam', element: <p>template</p> },
    ],
    { initialEntries: ['/designConfigure/id=5'] },
  );
  return { calls, router };
}

/** antd spaces a button's two Chinese characters apart ("保 存"): a name matched either way. */
const named = (text: string) => new RegExp(`^${Array.from(text).join('\\s?')}$`);
const toolbar = () => screen.findByRole('toolbar');
const toolButton = async (name: string) => within(await toolbar()).getByRole('button', { name: named(name) });
const saves = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.method === 'put' && c.url === '/yun/module/view/design');

/** The dialog with this title. (antd's ids are all "test-id" under test, so a dialog's name cannot be looked up.) */
const findDialog = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};

/** Makes the document dirty through the editor: the grid shown (or, called again, snapping turned on). */
async function changeSomething(user: ReturnType<typeof userEvent.setup>, toggle = '显示网格') {
  await user.click(await toolButton(toggle));
  expect(await toolButton(toggle)).toHaveAttribute('aria-pressed', 'true');
}

describe('design-configure page', () => {
  it('loads the screen’s design and shows the editor with the screen and its template', async () => {
    openDesigner();
    const bar = await toolbar();
    expect(within(bar).getByText('主画面')).toBeInTheDocument();
    expect(within(bar).getByText('锅炉模板')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '组件' })).toBeInTheDocument();
  });

  it('opens in focus mode over the whole window, left with its button or Esc when nothing is edited', async () => {
    const user = userEvent.setup();
    window.localStorage.removeItem('iot.designer.focus');
    openDesigner();
    const focused = () => document.querySelector('.designer-page--focus');
    const leave = await toolButton('退出专注模式（Esc）');
    expect(leave).toHaveAttribute('aria-pressed', 'true');
    expect(focused()).not.toBeNull();
    // Esc typed in a field is the field's.
    const canvasWidth = screen.getAllByRole('spinbutton')[0]!;
    canvasWidth.focus();
    await user.keyboard('{Escape}');
    expect(focused()).not.toBeNull();
    // Nothing selected, nothing typed: Esc leaves, and the choice is kept for the next designer.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await user.keyboard('{Escape}');
    expect(focused()).toBeNull();
    expect(window.localStorage.getItem('iot.designer.focus')).toBe('off');
    await user.click(await toolButton('专注模式（占满窗口）'));
    expect(focused()).not.toBeNull();
    expect(window.localStorage.getItem('iot.designer.focus')).toBe('on');
  });

  it('names the browser tab after the screen and its template, and goes back to the template’s screens', async () => {
    const user = userEvent.setup();
    const { router } = openDesigner();
    await toolbar();
    expect(document.title).toBe('主画面 · 锅炉模板 - 组态设计');
    await user.click(screen.getByRole('button', { name: '返回模板' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templateMiddleware/id=7'));
    expect(router.state.location.search).toBe('?tab=screens');
  });

  it('shows “not found” for a screen the server does not know', async () => {
    openDesigner({ 'GET /yun/module/view/design': () => fail('115201', '画面不存在') });
    expect(await screen.findByText('画面不存在')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('saves the document with the revision it was loaded at, and is clean after', async () => {
    const user = userEvent.setup();
    const { calls } = openDesigner({ 'PUT /yun/module/view/design': () => ok({ ...DESIGN, revision: 4 }) });
    await changeSomething(user);
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'true');

    await user.click(await toolButton('保存'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const body = bodyOf(saves(calls)[0]!) as {
      id: number;
      revision: number;
      document: { canvas: { grid: { show: boolean } } };
      overwrite?: boolean;
    };
    expect(body).toMatchObject({ id: 5, revision: 3 });
    expect(body.overwrite).toBeUndefined();
    expect(body.document.canvas.grid.show).toBe(true);
    await waitFor(async () => expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'false'));

    // The next save is based on the revision the first one made.
    await changeSomething(user, '吸附网格');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(bodyOf(saves(calls)[1]!)).toMatchObject({ revision: 4 });
  });

  it('on 115020 asks about the other editor’s save, keeps the work, and overwrites only when told', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = openDesigner({
      'PUT /yun/module/view/design': () =>
        refuse ? fail('115020', '画面已被他人保存') : ok({ ...DESIGN, revision: 9 }),
    });
    await changeSomething(user);
    await user.click(await toolButton('保存'));

    const dialog = await findDialog('画面已被他人保存');
    expect(await toolButton('显示网格')).toHaveAttribute('aria-pressed', 'true');
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'true');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: named('覆盖对方的保存') }));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(bodyOf(saves(calls)[1]!)).toMatchObject({ revision: 3, overwrite: true });
    await waitFor(async () => expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'false'));
  });

  it('on 115020 reloads the other editor’s save when told, and saves on its revision after', async () => {
    const user = userEvent.setup();
    let designs = 0;
    const theirs = {
      ...DESIGN,
      revision: 6,
      document: { schema_version: 1, elements: [{ id: 'their', type: 'rect' }], groups: [] },
    };
    const { calls } = openDesigner({
      'GET /yun/module/view/design': () => ok((designs += 1) === 1 ? DESIGN : theirs),
      'PUT /yun/module/view/design': (config) =>
        (bodyOf(config) as { revision: number }).revision === 3
          ? fail('115020', '画面已被他人保存')
          : ok({ ...theirs, revision: 7 }),
    });
    await changeSomething(user);
    await user.click(await toolButton('保存'));
    const dialog = await findDialog('画面已被他人保存');
    await user.click(within(dialog).getByRole('button', { name: named('重新加载对方的画面') }));

    await user.click(screen.getByRole('tab', { name: '图层' }));
    expect(await screen.findByTestId('layer-their')).toBeInTheDocument();
    expect(await toolButton('显示网格')).toHaveAttribute('aria-pressed', 'false');
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'false');

    await changeSomething(user, '吸附网格');
    await user.click(await toolButton('保存'));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(bodyOf(saves(calls)[1]!)).toMatchObject({ revision: 6 });
  });

  it.each([
    ['115212', '元素类型未知', 'document.elements.0.type'],
    ['115213', '闪烁频率超出范围', 'document.elements.0.flicker.flickerFrequency'],
  ])('on %s shows the server’s text, code and field, and keeps the work', async (code, detail, field) => {
    const user = userEvent.setup();
    openDesigner({ 'PUT /yun/module/view/design': () => fail(code, detail, field) });
    await changeSomething(user);
    await user.click(await toolButton('保存'));

    expect(await screen.findByText(`保存被拒绝：${detail}`)).toBeInTheDocument();
    const refusal = screen.getByTestId('save-refusal');
    expect(refusal).toHaveTextContent(code);
    expect(refusal).toHaveTextContent(field);
    expect(await toolButton('显示网格')).toHaveAttribute('aria-pressed', 'true');
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'true');
  });

  it('offers a newer draft, which restored becomes the document as one undoable step', async () => {
    const user = userEvent.setup();
    openDesigner({ 'GET /yun/module/view/draft': () => ok(DRAFT) });
    const offer = await screen.findByTestId('draft-offer');
    await user.click(within(offer).getByRole('button', { name: named('恢复草稿') }));

    expect(screen.queryByTestId('draft-offer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '图层' }));
    expect(await screen.findByTestId('layer-d1')).toBeInTheDocument();
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'true');

    await user.click(await toolButton('撤销'));
    expect(screen.queryByTestId('layer-d1')).not.toBeInTheDocument();
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'false');
  });

  it('discards a draft when told, through DELETE', async () => {
    const user = userEvent.setup();
    const { calls } = openDesigner({
      'GET /yun/module/view/draft': () => ok(DRAFT),
      'DELETE /yun/module/view/draft': () => ok(null),
    });
    const offer = await screen.findByTestId('draft-offer');
    await user.click(within(offer).getByRole('button', { name: named('丢弃') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'delete' && c.url === '/yun/module/view/draft')).toBe(true),
    );
    expect(screen.queryByTestId('draft-offer')).not.toBeInTheDocument();
  });

  it('asks before leaving the route with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router, calls } = openDesigner({ 'PUT /yun/module/view/draft': () => ok(DRAFT) });
    await changeSomething(user);
    act(() => void router.navigate('/elsewhere'));

    const dialog = await findDialog('有未保存的修改');
    await user.click(within(dialog).getByRole('button', { name: named('留在此页') }));
    expect(router.state.location.pathname).toBe('/designConfigure/id=5');

    act(() => void router.navigate('/elsewhere'));
    await user.click(
      within(await findDialog('有未保存的修改')).getByRole('button', {
        name: named('离开'),
      }),
    );
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    // What was not saved goes into the draft as the editor is left.
    await waitFor(() => {
      const draft = calls.find((c) => c.method === 'put' && c.url === '/yun/module/view/draft');
      expect(bodyOf(draft!)).toMatchObject({
        id: 5,
        revision: 3,
        document: { canvas: { grid: { show: true } } },
      });
    });
  });

  it('lists the versions, names one, and restores one after a confirmation into the editor', async () => {
    const user = userEvent.setup();
    const version = {
      id: 31,
      screen_id: 5,
      name: '投运前',
      revision: 2,
      element_count: 1,
      created_by: 'admin',
      created_at: 1_700_000_000_000,
    };
    const restored = {
      ...DESIGN,
      revision: 10,
      document: { schema_version: 1, elements: [{ id: 'v1', type: 'rect' }], groups: [] },
    };
    const { calls } = openDesigner({
      'GET /yun/module/view/version': () => ok([version]),
      'POST /yun/module/view/version': () => ok({ ...version, id: 32, name: '调试' }),
      'POST /yun/module/view/version/restore': () => ok(restored),
      'PUT /yun/module/view/design': () => ok({ ...restored, revision: 11 }),
    });
    await user.click(await toolButton('版本'));
    const row = await screen.findByTestId('version-31');
    expect(row).toHaveTextContent('投运前');
    expect(row).toHaveTextContent('admin');

    await user.type(screen.getByRole('textbox', { name: '版本名称' }), '调试{Enter}');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'post' && c.url === '/yun/module/view/version')).toBe(true),
    );
    expect(bodyOf(calls.find((c) => c.url === '/yun/module/view/version' && c.method === 'post')!)).toEqual({
      id: 5,
      name: '调试',
    });

    await user.click(within(row).getByRole('button', { name: /恢\s?复/ }));
    const [confirm] = await screen.findAllByText('恢复版本“投运前”？');
    await user.click(
      within(confirm!.closest('.ant-modal-container')!).getByRole('button', {
        name: /恢\s?复/,
      }),
    );
    await waitFor(() =>
      expect(bodyOf(calls.find((c) => c.url === '/yun/module/view/version/restore')!)).toEqual({ id: 31 }),
    );

    // The editor holds the restored design, clean, and its next save is based on the restore's revision.
    await user.click(screen.getByRole('tab', { name: '图层' }));
    expect(await screen.findByTestId('layer-v1')).toBeInTheDocument();
    expect(await toolButton('保存')).toHaveAttribute('data-dirty', 'false');
    await changeSomething(user);
    await user.click(await toolButton('保存'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(bodyOf(saves(calls)[0]!)).toMatchObject({ revision: 10 });
  });
});
