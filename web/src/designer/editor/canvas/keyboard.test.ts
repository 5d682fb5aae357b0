import { describe, expect, it, beforeEach } from 'vitest';

import en from '@/locales/en/designer-canvas.json';
import zh from '@/locales/zh/designer-canvas.json';
import { at, documentOf, element, find, group } from '@/test/designer';

import { clipboardText, copyElements, type DesignDocument } from '../../model';
import { createDesignerStore, type DesignerStore } from '../store';
import { clearClipboardMemory, writeClipboard } from './clipboard';
import { handleCanvasKey, isTyping, SHORTCUTS, shortcutOf, type ShortcutId } from './keyboard';

const start = documentOf(
  [
    element('e1', { ...at(0, 0), z: 0, group: 'g1', bindings: { value: { data_source_id: 7 } } }),
    element('e2', { ...at(30, 10), z: 1, group: 'g1' }),
    element('e3', { ...at(100, 50), z: 2 }),
    element('e4', { ...at(300, 300), z: 3, hidden: true }),
  ],
  [group('g1')],
);
const source = { templateId: 1, screenId: 5, dataSources: [{ id: 7, name: 'Flow' }] };

type Press = Partial<Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>> & {
  target?: EventTarget | null;
};
const key = (k: string, options: Press = {}) => ({
  key: k,
  code: options.code ?? (/^[a-z]$/i.test(k) ? `Key${k.toUpperCase()}` : ''),
  ctrlKey: options.ctrlKey ?? false,
  metaKey: options.metaKey ?? false,
  shiftKey: options.shiftKey ?? false,
  altKey: options.altKey ?? false,
  target: options.target ?? document.body,
});
const ctrl = (k: string, options: Press = {}) => key(k, { ctrlKey: true, ...options });

function storeWith(selection: string[], doc: DesignDocument = start): DesignerStore {
  const store = createDesignerStore();
  store.getState().load(doc);
  store.getState().select(selection);
  return store;
}
const steps = (store: DesignerStore): number => store.temporal.getState().pastStates.length;
const press = (store: DesignerStore, event: ReturnType<typeof key>): boolean =>
  handleCanvasKey(event, store, source);

beforeEach(() => clearClipboardMemory());

describe('the shortcut table', () => {
  it('lists every shortcut the handler knows, each with a zh and an en text', () => {
    const handled: ShortcutId[] = [
      'nudge',
      'nudgeFar',
      'delete',
      'selectAll',
      'clearSelection',
      'copy',
      'cut',
    ];
    handled.push('paste', 'duplicate', 'undo', 'redo', 'group', 'ungroup', 'forward', 'backward');
    const listed = SHORTCUTS.map((s) => s.id);
    for (const id of handled) expect(listed).toContain(id);
    expect(new Set(listed).size).toBe(listed.length);
    for (const s of SHORTCUTS) {
      expect(s.i18nKey).toBe(`designer.canvas.shortcuts.${s.id}`);
      expect(en.designer.canvas.shortcuts[s.id], s.id).toBeTruthy();
      expect(zh.designer.canvas.shortcuts[s.id], s.id).toBeTruthy();
    }
  });

  it('reads the modifier as ctrl or cmd, and the bracket keys by their place on the keyboard', () => {
    expect(shortcutOf(key('z', { metaKey: true }))).toBe('undo');
    expect(shortcutOf(ctrl('Z', { shiftKey: true }))).toBe('redo');
    expect(shortcutOf(ctrl('y'))).toBe('redo');
    expect(shortcutOf(ctrl('}', { code: 'BracketRight', shiftKey: true }))).toBe('forward');
    expect(shortcutOf(ctrl('[', { code: 'BracketLeft' }))).toBe('backward');
    expect(shortcutOf(ctrl('q', { code: 'KeyA' }))).toBe('selectAll');
    expect(shortcutOf(key('a'))).toBeNull();
    expect(shortcutOf(ctrl('z', { altKey: true }))).toBeNull();
  });
});

describe('the canvas keyboard', () => {
  it('nudges the selection 1 px, 10 px with shift, one step per press', () => {
    const store = storeWith(['e3']);
    expect(press(store, key('ArrowRight'))).toBe(true);
    expect(find(store.getState().doc, 'e3').placement).toMatchObject({ x: 101, y: 50 });
    expect(steps(store)).toBe(1);
    press(store, key('ArrowUp', { shiftKey: true }));
    expect(find(store.getState().doc, 'e3').placement).toMatchObject({ x: 101, y: 40 });
    expect(steps(store)).toBe(2);
  });

  it('deletes the selection with Delete or Backspace', () => {
    const store = storeWith(['e3']);
    press(store, key('Delete'));
    expect(store.getState().doc.elements.map((e) => e.id)).toEqual(['e1', 'e2', 'e4']);
    store.getState().select(['e1', 'e2']);
    press(store, key('Backspace'));
    expect(store.getState().doc.elements.map((e) => e.id)).toEqual(['e4']);
    expect(store.getState().doc.groups).toEqual([]);
    expect(steps(store)).toBe(2);
  });

  it('selects every visible element and clears with Escape, recording no step', () => {
    const store = storeWith([]);
    press(store, ctrl('a'));
    expect(store.getState().selection).toEqual(['e1', 'e2', 'e3']);
    press(store, key('Escape'));
    expect(store.getState().selection).toEqual([]);
    expect(steps(store)).toBe(0);
  });

  it('undoes and redoes', () => {
    const store = storeWith(['e3']);
    press(store, key('ArrowDown'));
    press(store, ctrl('z'));
    expect(find(store.getState().doc, 'e3').placement.y).toBe(50);
    press(store, ctrl('z', { shiftKey: true }));
    expect(find(store.getState().doc, 'e3').placement.y).toBe(51);
    press(store, ctrl('z'));
    press(store, ctrl('y'));
    expect(find(store.getState().doc, 'e3').placement.y).toBe(51);
  });

  it('groups and ungroups in one step each', () => {
    const store = storeWith(['e1', 'e2', 'e3']);
    press(store, ctrl('g'));
    const doc = store.getState().doc;
    const outer = doc.groups.find((g) => g.id !== 'g1');
    expect(outer).toBeDefined();
    expect(find(doc, 'e3').group).toBe(outer?.id);
    expect(doc.groups.find((g) => g.id === 'g1')?.parent).toBe(outer?.id);
    expect(steps(store)).toBe(1);
    press(store, ctrl('G', { shiftKey: true }));
    expect(store.getState().doc.groups.map((g) => g.id)).toEqual(['g1']);
    expect(find(store.getState().doc, 'e3').group).toBeNull();
    expect(steps(store)).toBe(2);
  });

  it('brings forward and sends backward', () => {
    const store = storeWith(['e1', 'e2']);
    press(store, ctrl(']', { code: 'BracketRight' }));
    const z = (id: string) => find(store.getState().doc, id).z;
    expect(z('e3')).toBeLessThan(z('e1'));
    press(store, ctrl('[', { code: 'BracketLeft' }));
    expect(z('e3')).toBeGreaterThan(z('e2'));
    expect(steps(store)).toBe(2);
  });

  it('duplicates the selection with its bindings and selects the copy', () => {
    const store = storeWith(['e1', 'e2']);
    press(store, ctrl('d'));
    const { doc, selection } = store.getState();
    expect(doc.elements).toHaveLength(6);
    expect(selection).toHaveLength(2);
    const copy = find(doc, selection[0] ?? '');
    expect(copy.bindings).toEqual({ value: { data_source_id: 7 } });
    expect(copy.placement).toMatchObject({ x: 10, y: 10 });
    expect(steps(store)).toBe(1);
  });

  it('copies, cuts and pastes through the clipboard, one step each', async () => {
    const store = storeWith(['e3']);
    press(store, ctrl('c'));
    expect(steps(store)).toBe(0);
    press(store, ctrl('x'));
    expect(store.getState().doc.elements.map((e) => e.id)).not.toContain('e3');
    expect(steps(store)).toBe(1);
    press(store, ctrl('v'));
    await expect.poll(() => store.getState().doc.elements.length).toBe(4);
    const pasted = find(store.getState().doc, store.getState().selection[0] ?? '');
    expect(pasted.placement).toMatchObject({ x: 110, y: 60 });
    expect(steps(store)).toBe(2);
  });

  it('re-points bindings by name when pasting what another template copied', async () => {
    // Template 2's screen binds its own "Flow" (id 3); this template's "Flow" is id 7.
    const theirs = documentOf([element('x1', { ...at(0, 0), bindings: { value: { data_source_id: 3 } } })]);
    const foreign = copyElements(theirs, ['x1'], {
      templateId: 2,
      screenId: 9,
      dataSources: [{ id: 3, name: 'Flow' }],
    });
    await writeClipboard(clipboardText(foreign));
    const store = storeWith([]);
    press(store, ctrl('v'));
    await expect.poll(() => store.getState().selection.length).toBe(1);
    expect(find(store.getState().doc, store.getState().selection[0] ?? '').bindings).toEqual({
      value: { data_source_id: 7 },
    });
  });

  it('pastes nothing from a clipboard that is not ours', async () => {
    await writeClipboard('hello');
    const store = storeWith([]);
    expect(press(store, ctrl('v'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().doc).toBe(start);
  });

  it('leaves keys typed into a field to the field', () => {
    const store = storeWith(['e3']);
    for (const tag of ['input', 'textarea', 'select'] as const) {
      const field = document.createElement(tag);
      expect(isTyping(field)).toBe(true);
      expect(press(store, key('Delete', { target: field }))).toBe(false);
      expect(press(store, ctrl('z', { target: field }))).toBe(false);
      expect(press(store, key('ArrowLeft', { target: field }))).toBe(false);
    }
    expect(store.getState().doc).toBe(start);
    expect(press(store, key('q'))).toBe(false);
  });
});
