// Hooks the editor's panels read the designer's store with: a slice of its state, and whether the history can go
// back or forward (the toolbar's undo and redo follow it).
import { useStore } from 'zustand';

import type { DesignerState, DesignerStore } from './store';

export function useDesigner<T>(store: DesignerStore, selector: (state: DesignerState) => T): T {
  return useStore(store, selector);
}

export function useHistory(store: DesignerStore): { canUndo: boolean; canRedo: boolean } {
  const canUndo = useStore(store.temporal, (s) => s.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (s) => s.futureStates.length > 0);
  return { canUndo, canRedo };
}
