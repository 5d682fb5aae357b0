// Hooks the editor's panels read the designer's store with: a slice of its state, whether the history can go back
// or forward (the toolbar's undo and redo follow it), and what the selection allows.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

import { selectionAbilities, type SelectionAbilities } from './commands';
import type { DesignerState, DesignerStore } from './store';

export function useDesigner<T>(store: DesignerStore, selector: (state: DesignerState) => T): T {
  return useStore(store, selector);
}

export function useHistory(store: DesignerStore): { canUndo: boolean; canRedo: boolean } {
  const canUndo = useStore(store.temporal, (s) => s.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (s) => s.futureStates.length > 0);
  return { canUndo, canRedo };
}

/** What the selection allows (align, group, lock…), re-rendering only when that changes: not on a drag's moves. */
export function useSelectionAbilities(store: DesignerStore): SelectionAbilities {
  return useStore(
    store,
    useShallow((s) => selectionAbilities(s.doc, s.selection)),
  );
}
