// The canvas's keyboard (issue 15 point 2): the shortcut table the help panel lists, and the handler that turns a
// key press into one store change (one undo step). Keys are read from `event.code` where the layout moves the
// character ([ and ] under shift or on an AZERTY keyboard), from `event.key` otherwise; Mod is Ctrl, or ⌘ on a Mac.
import {
  copyElements,
  deleteElements,
  groupSelection,
  hiddenElements,
  nudge,
  parseClipboard,
  pasteElements,
  reorder,
  selectionUnits,
  ungroup,
  clipboardText,
} from '../../model';
import type { ArrowKey, ClipboardPayload, DataSourceRef, ScreenRef } from '../../model';
import type { DesignerStore } from '../store';
import { readClipboard, writeClipboard } from './clipboard';

export type ShortcutId =
  | 'nudge'
  | 'nudgeFar'
  | 'delete'
  | 'selectAll'
  | 'clearSelection'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'duplicate'
  | 'undo'
  | 'redo'
  | 'group'
  | 'ungroup'
  | 'forward'
  | 'backward'
  | 'pan'
  | 'zoom'
  | 'keepRatio'
  | 'addToSelection';

export interface Shortcut {
  id: ShortcutId;
  /** Each way to do it, as the keys held together ('Mod' is Ctrl or ⌘; 'Drag', 'Wheel' and 'Click' are the mouse). */
  keys: readonly (readonly string[])[];
  /** What it does: designer.canvas.shortcuts.<id>. */
  i18nKey: string;
}

const shortcut = (id: ShortcutId, ...keys: string[][]): Shortcut => ({
  id,
  keys,
  i18nKey: `designer.canvas.shortcuts.${id}`,
});

/** Everything the canvas does from the keyboard and the mouse, in the order the help panel lists it. */
export const SHORTCUTS: readonly Shortcut[] = [
  shortcut('nudge', ['↑', '↓', '←', '→']),
  shortcut('nudgeFar', ['Shift', '↑ ↓ ← →']),
  shortcut('addToSelection', ['Shift', 'Click'], ['Mod', 'Click']),
  shortcut('selectAll', ['Mod', 'A']),
  shortcut('clearSelection', ['Esc']),
  shortcut('delete', ['Delete'], ['Backspace']),
  shortcut('copy', ['Mod', 'C']),
  shortcut('cut', ['Mod', 'X']),
  shortcut('paste', ['Mod', 'V']),
  shortcut('duplicate', ['Mod', 'D']),
  shortcut('undo', ['Mod', 'Z']),
  shortcut('redo', ['Mod', 'Shift', 'Z'], ['Mod', 'Y']),
  shortcut('group', ['Mod', 'G']),
  shortcut('ungroup', ['Mod', 'Shift', 'G']),
  shortcut('forward', ['Mod', ']']),
  shortcut('backward', ['Mod', '[']),
  shortcut('keepRatio', ['Shift', 'Drag']),
  shortcut('pan', ['Space', 'Drag'], ['Middle', 'Drag']),
  shortcut('zoom', ['Mod', 'Wheel']),
];

type KeyInput = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

const ARROWS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/** The shortcut a key press means on the canvas, or null. */
export function shortcutOf(event: KeyInput): ShortcutId | null {
  if (event.altKey) return null;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const letter = /^Key([A-Z])$/.exec(event.code)?.[1]?.toLowerCase();
  const is = (k: string): boolean => key === k || letter === k;
  if (!mod) {
    if (ARROWS.includes(event.key)) return event.shiftKey ? 'nudgeFar' : 'nudge';
    if (event.key === 'Delete' || event.key === 'Backspace') return 'delete';
    if (event.key === 'Escape') return 'clearSelection';
    return null;
  }
  if (event.code === 'BracketRight' || key === ']') return 'forward';
  if (event.code === 'BracketLeft' || key === '[') return 'backward';
  if (is('z')) return event.shiftKey ? 'redo' : 'undo';
  if (is('y')) return 'redo';
  if (is('g')) return event.shiftKey ? 'ungroup' : 'group';
  if (event.shiftKey) return null;
  if (is('a')) return 'selectAll';
  if (is('c')) return 'copy';
  if (is('x')) return 'cut';
  if (is('v')) return 'paste';
  if (is('d')) return 'duplicate';
  return null;
}

/** Keys typed into a field belong to the field. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** What the clipboard needs to know of the screen being edited. */
export interface ClipboardSource {
  templateId: number;
  screenId: number;
  dataSources: readonly DataSourceRef[];
  /** The template's screens, named in a copy and matched by name in a paste from another template. */
  screens?: readonly ScreenRef[];
}

function pasteAndSelect(store: DesignerStore, payload: ClipboardPayload, source: ClipboardSource): void {
  const { doc: next, ids } = pasteElements(store.getState().doc, payload, source);
  if (ids.length === 0) return;
  store.getState().apply(() => next);
  store.getState().select(ids);
}

/** Runs a key press on the canvas. Returns whether it was a shortcut (the caller then prevents the browser's own
 * action); a copy, cut or paste finishes when the clipboard answers. */
export function handleCanvasKey(
  event: KeyInput & Pick<KeyboardEvent, 'target'>,
  store: DesignerStore,
  source: ClipboardSource,
): boolean {
  if (isTyping(event.target)) return false;
  const id = shortcutOf(event);
  if (id === null) return false;
  const state = store.getState();
  const { doc, selection, apply } = state;
  switch (id) {
    case 'nudge':
    case 'nudgeFar':
      apply((d) => nudge(d, selection, event.key as ArrowKey, event.shiftKey));
      break;
    case 'delete':
      apply((d) => deleteElements(d, selection));
      break;
    case 'selectAll': {
      const hidden = hiddenElements(doc);
      state.select(doc.elements.filter((e) => !hidden.has(e.id)).map((e) => e.id));
      break;
    }
    case 'clearSelection':
      // Nothing to clear: Escape is not the canvas's, and the page may use it (leaving focus mode).
      if (selection.length === 0) return false;
      state.select([]);
      break;
    case 'copy':
    case 'cut':
      if (selection.length === 0) break;
      void writeClipboard(clipboardText(copyElements(doc, selection, source)));
      if (id === 'cut') apply((d) => deleteElements(d, selection));
      break;
    case 'paste':
      void readClipboard().then((text) => {
        const payload = text === null ? null : parseClipboard(text);
        if (payload) pasteAndSelect(store, payload, source);
      });
      break;
    case 'duplicate':
      if (selection.length > 0) pasteAndSelect(store, copyElements(doc, selection, source), source);
      break;
    case 'undo':
      state.undo();
      break;
    case 'redo':
      state.redo();
      break;
    case 'group':
      apply((d) => groupSelection(d, selection).doc);
      break;
    case 'ungroup':
      apply((d) =>
        selectionUnits(d, selection).reduce(
          (acc, unit) => (unit.group === null ? acc : ungroup(acc, unit.group)),
          d,
        ),
      );
      break;
    case 'forward':
    case 'backward':
      apply((d) => reorder(d, selection, id));
      break;
    default:
      return false;
  }
  return true;
}
