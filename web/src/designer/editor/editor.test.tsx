import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { at, documentOf, element, find, group } from '@/test/designer';
import { mockApi, ok } from '@/test/mock-api';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';

import { i18n } from '@/lib/i18n';
import { DATA_SOURCES } from '../elements/test/fixtures';
import { addElements } from '../model';
import { SYMBOLS } from '../symbols';
import { ELEMENT_DRAG_TYPE, SHORTCUTS } from './canvas';
import { FIT_MARGIN } from './canvas/view';
import DesignerEditor, { leftPanelStartsOpen, type EditorPreview } from './editor';
import { createDesignerStore, type DesignerStore } from './store';

function openEditor(store: DesignerStore = createDesignerStore(), preview?: EditorPreview) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DesignerEditor
        store={store}
        templateId={1}
        screenId={2}
        screenName="主画面"
        templateName="Boiler"
        kind="web"
        defaultSize={{ width: 1120, height: 630 }}
        dataSources={DATA_SOURCES}
        screens={[{ id: 2, name: '主画面' }]}
        saving={false}
        onSave={() => undefined}
        onVersions={() => undefined}
        {...(preview ? { preview } : {})}
      />
    </QueryClientProvider>,
  );
  return store;
}

const TEXT_LABEL = '文本';
/** A button of the toolbar (the property panel of a multiple selection repeats the align tools). */
const button = (name: string) => within(screen.getByRole('toolbar')).getByRole('button', { name });
const history = (store: DesignerStore) => store.temporal.getState().pastStates.length;

describe('DesignerEditor on a phone', () => {
  afterEach(resetScreenWidth);

  it('says it needs a wider screen instead of drawing a squeezed editor', () => {
    setScreenWidth(390);
    openEditor();
    expect(screen.getByText('组态设计需要更宽的屏幕')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
  });
});

const NO_DEVICES: EditorPreview = {
  devices: [],
  loadScreen: () => Promise.reject(new Error('no other screen')),
  bindAction: <a href="/bind">去绑定设备</a>,
};

describe('DesignerEditor preview', () => {
  afterEach(resetScreenWidth);

  it('offers the preview only when the page gives its data', () => {
    openEditor();
    expect(within(screen.getByRole('toolbar')).queryByRole('button', { name: /预览/ })).toBeNull();
  });

  it('previews the document with its unsaved changes and returns to it unchanged', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore();
    act(() =>
      store
        .getState()
        .apply((doc) => addElements(doc, [{ type: 'text', settings: { text: '未保存的标题' } }]).doc),
    );
    mockApi({
      'GET /rDev': () =>
        ok({ device_id: 12, dev_state: 1, can_write: true, password_required: false, items: [] }),
      'GET /yun/v2/rDev/config': () =>
        ok({ user_can_write: true, device_can_write: true, online: true, password_required: false }),
      'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    });
    openEditor(store, {
      ...NO_DEVICES,
      devices: [{ id: 12, sn_code: 'IOT0000012', alias: '1号泵', dev_state: 1 }],
    });
    const doc = store.getState().doc;
    const steps = history(store);

    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: /预览/ }));
    const drawn = await screen.findByRole('region', { name: '主画面' });
    expect(within(drawn).getByText('未保存的标题')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '关闭预览' }));
    expect(store.getState().doc).toBe(doc);
    expect(history(store)).toBe(steps);
  });

  it('is offered on a phone, where the editor is not', async () => {
    const user = userEvent.setup();
    setScreenWidth(390);
    openEditor(createDesignerStore(), NO_DEVICES);
    await user.click(screen.getByRole('button', { name: /预览/ }));
    expect(await screen.findByText('该模板还没有绑定设备')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去绑定设备' })).toBeInTheDocument();
  });
});

describe('DesignerEditor toolbar', () => {
  it('enables undo and redo as the history allows, and they travel it', async () => {
    const user = userEvent.setup();
    const store = openEditor();
    expect(button('撤销')).toBeDisabled();
    expect(button('重做')).toBeDisabled();

    act(() => store.getState().apply((doc) => addElements(doc, [{ type: 'rect' }]).doc));
    expect(button('撤销')).toBeEnabled();
    expect(button('重做')).toBeDisabled();

    await user.click(button('撤销'));
    expect(store.getState().doc.elements).toHaveLength(0);
    expect(button('撤销')).toBeDisabled();
    expect(button('重做')).toBeEnabled();

    await user.click(button('重做'));
    expect(store.getState().doc.elements).toHaveLength(1);
    expect(button('重做')).toBeDisabled();
  });

  it('toggles the grid in the document, as one step', async () => {
    const user = userEvent.setup();
    const store = openEditor();
    await user.click(button('显示网格'));
    expect(store.getState().doc.canvas.grid.show).toBe(true);
    expect(button('显示网格')).toHaveAttribute('aria-pressed', 'true');
    expect(history(store)).toBe(1);
  });

  it('aligns, groups and locks the selection', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore(
      documentOf([element('a', { ...at(10, 10), z: 0 }), element('b', { ...at(50, 80), z: 1 })]),
    );
    openEditor(store);
    expect(button('左对齐')).toBeDisabled();
    act(() => store.getState().select(['a', 'b']));

    await user.click(button('左对齐'));
    expect(find(store.getState().doc, 'b').placement.x).toBe(10);

    await user.click(button('组合'));
    expect(store.getState().doc.groups).toHaveLength(1);

    await user.click(button('锁定'));
    expect(button('解锁')).toBeEnabled();
    expect(store.getState().doc.groups[0]?.locked).toBe(true);
    expect(history(store)).toBe(3);
  });
});

describe('DesignerEditor tool tips', () => {
  it('names the button pointed at, disabled ones included, and hides the name when the pointer leaves', async () => {
    const user = userEvent.setup();
    openEditor();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(button('显示网格'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('显示网格');
    // Undo is disabled with an empty history: its name still shows.
    await user.hover(button('撤销'));
    await expect.poll(() => screen.queryByRole('tooltip')?.textContent).toBe('撤销');
    await user.unhover(button('撤销'));
    await user.hover(screen.getByRole('application'));
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('DesignerEditor property panel', () => {
  it('edits the selected element’s x as one undo step', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore(documentOf([element('a', at(10, 20, 100, 40))]));
    openEditor(store);
    act(() => store.getState().select(['a']));

    const x = screen.getByLabelText('X');
    await user.clear(x);
    await user.type(x, '150');
    // Each keystroke is a draft of the field: nothing is written until the field commits.
    expect(find(store.getState().doc, 'a').placement.x).toBe(10);
    await user.tab();

    expect(find(store.getState().doc, 'a').placement.x).toBe(150);
    expect(history(store)).toBe(1);
    act(() => store.getState().undo());
    expect(find(store.getState().doc, 'a').placement.x).toBe(10);
    expect(screen.getByLabelText('X')).toHaveValue('10');
  });

  it('shows the screen with nothing selected, and a canvas size preset sets the document’s size', async () => {
    const user = userEvent.setup();
    const store = openEditor();
    const panel = screen.getByRole('complementary', { name: '属性' });
    expect(within(panel).getByText('画面尺寸')).toBeInTheDocument();

    await user.click(within(panel).getByLabelText('尺寸'));
    await user.click(await screen.findByTitle('1280 × 720'));
    expect(store.getState().doc.canvas).toMatchObject({ width: 1280, height: 720 });
  });

  it('lists a binding to a data source the template no longer has', () => {
    const store = createDesignerStore(
      documentOf([element('a', { type: 'value', bindings: { value: { data_source_id: 99 } } })]),
    );
    openEditor(store);
    act(() => store.getState().select(['a']));
    expect(screen.getByTestId('broken-bindings')).toHaveTextContent('#99');
  });

  it('lists a jump or pop-up to a screen the template does not have, and counts it with the broken', () => {
    const store = createDesignerStore(
      documentOf([
        element('a', {
          type: 'link',
          actions: [
            { type: 'jump_screen', screen_id: 2 },
            { type: 'open_popup', screen_id: 77 },
          ],
        }),
      ]),
    );
    openEditor(store);
    expect(screen.getByTestId('broken-summary')).toHaveTextContent('1');
    act(() => store.getState().select(['a']));
    expect(screen.getByTestId('broken-bindings')).toHaveTextContent(
      '第 2 个动作要打开的画面（77）不在本模板中',
    );
  });

  it('counts the screen’s broken bindings with nothing selected, and selects those elements', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore(
      documentOf([
        element('a', { type: 'value', bindings: { value: { data_source_id: 99 } } }),
        element('b', { type: 'value', bindings: { value: { data_source_id: 1 } } }),
      ]),
    );
    openEditor(store);
    const summary = screen.getByTestId('broken-summary');
    expect(summary).toHaveTextContent('1');
    await user.click(within(summary).getByRole('button'));
    expect(store.getState().selection).toEqual(['a']);
  });

  it('mounts the element’s settings form, whose change is one step of the element', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore(documentOf([element('t', { type: 'text', settings: { text: 'a' } })]));
    openEditor(store);
    act(() => store.getState().select(['t']));
    const text = screen.getByLabelText(TEXT_LABEL);
    await user.clear(text);
    await user.type(text, 'Tank 1');
    await user.tab();
    expect(find(store.getState().doc, 't').settings.text).toBe('Tank 1');
    expect(history(store)).toBe(1);
  });
});

describe('DesignerEditor layers', () => {
  it('selects a group’s members from its row and renames the group', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore(
      documentOf(
        [element('a', { group: 'g', z: 0 }), element('b', { group: 'g', z: 1 }), element('c', { z: 2 })],
        [group('g', { name: 'Pumps' })],
      ),
    );
    openEditor(store);
    await user.click(screen.getByRole('tab', { name: '图层' }));
    await user.click(await screen.findByText('Pumps'));
    expect(store.getState().selection).toEqual(['a', 'b']);

    await user.click(within(screen.getByTestId('layer-g')).getByRole('button', { name: '重命名组合' }));
    const input = screen.getByRole('textbox', { name: '重命名组合' });
    await user.clear(input);
    await user.type(input, 'Feed pumps{Enter}');
    expect(store.getState().doc.groups[0]?.name).toBe('Feed pumps');
  });

  it('points the canvas at an element from its row, and hides it', async () => {
    const user = userEvent.setup();
    const store = createDesignerStore(documentOf([element('c')]));
    openEditor(store);
    await user.click(screen.getByRole('tab', { name: '图层' }));
    const row = await screen.findByTestId('layer-c');
    await user.hover(row);
    // The canvas outlines the element the tree points at.
    expect(store.getState().hovered).toBe('c');
    await user.click(within(row).getByRole('button', { name: '隐藏' }));
    expect(find(store.getState().doc, 'c').hidden).toBe(true);
  });
});

describe('DesignerEditor layer names (issue 30 point 7)', () => {
  const named = () =>
    createDesignerStore(
      documentOf([
        element('e1', { type: 'symbol', settings: { symbol: 'tank_vertical', parts: [] }, z: 0 }),
        element('e2', { type: 'value', bindings: { value: { data_source_id: 1 } }, z: 1 }),
        element('e3', { type: 'symbol', name: '1号罐', settings: { symbol: 'tank_vertical' }, z: 2 }),
      ]),
    );

  it('names each row in the user’s language: the user’s name, else its kind and the source it shows', async () => {
    const user = userEvent.setup();
    openEditor(named());
    await user.click(screen.getByRole('tab', { name: '图层' }));
    expect(within(await screen.findByTestId('layer-e1')).getByText('立式储罐')).toBeInTheDocument();
    expect(within(screen.getByTestId('layer-e2')).getByText('数值显示 · 温度')).toBeInTheDocument();
    expect(within(screen.getByTestId('layer-e3')).getByText('1号罐')).toBeInTheDocument();
    expect(screen.queryByText('e1')).not.toBeInTheDocument();
  });

  it('renames an element with a double click or F2, and an emptied name gives back the designer’s', async () => {
    const user = userEvent.setup();
    const store = named();
    openEditor(store);
    await user.click(screen.getByRole('tab', { name: '图层' }));
    await user.dblClick(within(await screen.findByTestId('layer-e1')).getByText('立式储罐'));
    const input = screen.getByRole('textbox', { name: '重命名元素' });
    await user.clear(input);
    await user.type(input, '原水罐{Enter}');
    expect(find(store.getState().doc, 'e1').name).toBe('原水罐');
    expect(within(screen.getByTestId('layer-e1')).getByText('原水罐')).toBeInTheDocument();

    act(() => store.getState().select(['e2']));
    fireEvent.keyDown(screen.getByTestId('layer-e2'), { key: 'F2' });
    const second = screen.getByRole('textbox', { name: '重命名元素' });
    expect(second).toHaveValue('数值显示 · 温度');
    await user.type(second, '{Enter}');
    // Left as the designer named it: nothing of the user's is stored.
    expect(find(store.getState().doc, 'e2').name).toBe('');

    await user.dblClick(within(screen.getByTestId('layer-e1')).getByText('原水罐'));
    await user.clear(screen.getByRole('textbox', { name: '重命名元素' }));
    await user.keyboard('{Enter}');
    expect(find(store.getState().doc, 'e1').name).toBe('');
    expect(within(screen.getByTestId('layer-e1')).getByText('立式储罐')).toBeInTheDocument();
  });

  it('names a symbol’s parts in the user’s language in its settings', async () => {
    const user = userEvent.setup();
    const store = named();
    openEditor(store);
    act(() => store.getState().select(['e1']));
    const panel = screen.getByRole('complementary', { name: '属性' });
    await user.click(within(panel).getByLabelText('状态着色的部件'));
    // The chosen part's tag and the drop-down's options carry the names, never the ids.
    expect((await screen.findAllByTitle('罐体')).length).toBeGreaterThan(0);
    expect(screen.getAllByTitle('液位').length).toBeGreaterThan(0);
    expect(screen.queryByTitle('body')).not.toBeInTheDocument();
  });
});

describe('DesignerEditor palette', () => {
  it('adds a clicked element type to the document, selected, as one step', async () => {
    const user = userEvent.setup();
    const store = openEditor();
    await user.click(screen.getByTestId('palette-value'));

    const [added] = store.getState().doc.elements;
    expect(added?.type).toBe('value');
    expect(store.getState().selection).toEqual([added?.id]);
    expect(history(store)).toBe(1);
  });

  it('hands a drag the element as the canvas reads it', () => {
    openEditor();
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      effectAllowed: '',
    };
    fireEvent.dragStart(screen.getByTestId('palette-gauge'), { dataTransfer });
    expect(JSON.parse(data.get(ELEMENT_DRAG_TYPE) ?? 'null')).toEqual({ type: 'gauge' });
  });

  it('finds a symbol by its name and adds it as a symbol element showing it', async () => {
    const user = userEvent.setup();
    const store = openEditor();
    await user.click(screen.getByRole('tab', { name: '图元库' }));
    const search = await screen.findByRole('textbox', { name: '搜索图元' });
    const symbol = SYMBOLS[0]!;
    const name = i18n.t(symbol.i18nKey);
    await user.type(search, name);

    expect(screen.getAllByTestId(/^symbol-/).length).toBeLessThan(SYMBOLS.length);
    await user.click(screen.getByTestId(`symbol-${symbol.id}`));
    const [added] = store.getState().doc.elements;
    expect(added).toMatchObject({
      type: 'symbol',
      settings: { symbol: symbol.id },
      placement: { w: symbol.defaultSize.w, h: symbol.defaultSize.h },
    });
  });
});

describe('DesignerEditor shortcut help', () => {
  it('lists every shortcut of the canvas and the editor’s save', async () => {
    const user = userEvent.setup();
    openEditor();
    await user.click(button('快捷键'));
    const dialog = await screen.findByRole('dialog');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(SHORTCUTS.length + 1);
    for (const shortcut of SHORTCUTS)
      expect(within(dialog).getByText(i18n.t(shortcut.i18nKey))).toBeInTheDocument();
    expect(within(dialog).getByText('保存画面')).toBeInTheDocument();
  });
});

describe('the left panel at the start (issue 30 point 8)', () => {
  const screen1120 = { width: 1120, height: 630 };

  it('folds to its rail when that is what shows a 1120 × 630 screen at 100 % on 1440 × 900', () => {
    expect(leftPanelStartsOpen(null, { width: 1440, height: 900 }, screen1120, FIT_MARGIN)).toBe(false);
  });

  it('stays open where the screen fits beside it, or would not fit at 100 % either way', () => {
    expect(leftPanelStartsOpen(null, { width: 1920, height: 1080 }, screen1120, FIT_MARGIN)).toBe(true);
    expect(leftPanelStartsOpen(null, { width: 1024, height: 768 }, screen1120, FIT_MARGIN)).toBe(true);
    expect(
      leftPanelStartsOpen(null, { width: 1440, height: 900 }, { width: 1920, height: 1080 }, FIT_MARGIN),
    ).toBe(true);
  });

  it('keeps what the user chose last', () => {
    expect(leftPanelStartsOpen('open', { width: 1440, height: 900 }, screen1120, FIT_MARGIN)).toBe(true);
    expect(leftPanelStartsOpen('folded', { width: 1920, height: 1080 }, screen1120, FIT_MARGIN)).toBe(false);
  });

  it('folds and unfolds from the panel and its rail', async () => {
    const user = userEvent.setup();
    window.localStorage.removeItem('iot.designer.leftPanel');
    openEditor();
    await user.click(screen.getByRole('button', { name: '收起面板' }));
    expect(screen.queryByRole('tab', { name: '组件' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '展开图层' }));
    expect(screen.getByRole('tab', { name: '图层', selected: true })).toBeInTheDocument();
    expect(window.localStorage.getItem('iot.designer.leftPanel')).toBe('open');
  });
});
