// The editor's keys: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Ctrl+S saves, Escape lets go of the selection
// (⌘ on a Mac). Not while typing in a field: a field undoes its own text.
import { useEffect } from 'react';

import type { EditorStore } from './store';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useEditorKeys(store: EditorStore, onSave: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        onSave();
        return;
      }
      if (typing(event.target)) return;
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) store.getState().redo();
        else store.getState().undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        store.getState().redo();
      } else if (key === 'escape' && store.getState().selection !== null) {
        store.getState().select(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [store, onSave]);
}
