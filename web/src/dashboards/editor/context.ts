// The editor's store for its parts (toolbar, palette, grid, settings drawer), through React context.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';

import type { EditorState, EditorStore } from './store';

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('The dashboard editor store is missing.');
  return store;
}

/** A slice of the editor's state, re-rendering when it changes. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStore(), selector);
}

/** Whether there is a step to undo and one to redo. */
export function useHistory(): { canUndo: boolean; canRedo: boolean } {
  const store = useEditorStore();
  const canUndo = useStore(store.temporal, (s) => s.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (s) => s.futureStates.length > 0);
  return { canUndo, canRedo };
}
