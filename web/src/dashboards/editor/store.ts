// The dashboard editor's store: the draft (the canvas settings and the cards with their places) under zundo's
// history, the selection and the breakpoint being edited beside it and outside it. One history step per action, and
// one per gesture: between `beginGesture()` and `endGesture()` (typing a name, a width) the history sees the draft as
// it was when the gesture began. A drag or a resize on the grid writes the draft once, at its end (react-grid-layout
// holds the frames in between), so it is one step as well. `settle` keeps what the grid would make of a draft (the
// cards packed upwards unless moved freely) so a loaded dashboard is not dirty and every step shows what is saved.
import { createStore, type StoreApi } from 'zustand';
import { temporal, type TemporalState } from 'zundo';

import { emptyModel, type Breakpoint, type DashboardModel } from '../model';
import type { DashboardThemeName } from '../view/themes';

export const HISTORY_LIMIT = 200;

/** The canvas settings saved beside the document (POST /yun/dashboard/save). */
export interface DashboardMeta {
  name: string;
  width: number;
  height: number;
  theme: DashboardThemeName;
  chart_theme: string;
  mobile: boolean;
  free_move: boolean;
}

export interface Draft {
  meta: DashboardMeta;
  model: DashboardModel;
}

export interface HistoryEntry {
  draft: Draft;
}

export interface EditorState {
  draft: Draft;
  /** The draft last saved (or loaded); `isDirty` compares against it. */
  saved: Draft;
  selection: string | null;
  breakpoint: Breakpoint;
  gestureStart: Draft | null;

  /** Opens a draft: no history, nothing selected, clean. */
  load: (draft: Draft) => void;
  /** A model operation (model/operations.ts): one step, or part of the current gesture's. */
  apply: (operation: (model: DashboardModel) => DashboardModel) => void;
  setMeta: (patch: Partial<DashboardMeta>) => void;
  beginGesture: () => void;
  endGesture: () => void;
  undo: () => void;
  redo: () => void;
  select: (id: string | null) => void;
  setBreakpoint: (breakpoint: Breakpoint) => void;
  /** Records `draft` (the current one when left out) as saved: edits made while a save ran stay dirty. */
  markSaved: (draft?: Draft) => void;
}

export type EditorStore = StoreApi<EditorState> & { temporal: StoreApi<TemporalState<HistoryEntry>> };

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The draft has changes not saved (undoing back to the saved draft, or typing a name back, makes it clean). */
export function isDirty(state: Pick<EditorState, 'draft' | 'saved'>): boolean {
  return state.draft !== state.saved && !sameJson(state.draft, state.saved);
}

export const emptyDraft = (): Draft => ({
  meta: {
    name: '',
    width: 1920,
    height: 1080,
    theme: 'tech',
    chart_theme: 'blueTech',
    mobile: false,
    free_move: false,
  },
  model: emptyModel(),
});

export function createEditorStore(
  initial: Draft = emptyDraft(),
  settle: (draft: Draft) => Draft = (draft) => draft,
): EditorStore {
  const first = settle(initial);
  return createStore<EditorState>()(
    temporal(
      (set, get, store) => {
        const history = (): EditorStore['temporal'] => (store as unknown as EditorStore).temporal;
        const selectionIn = (draft: Draft): string | null => {
          const { selection } = get();
          return selection !== null && draft.model.cards.some((c) => c.id === selection) ? selection : null;
        };
        const commit = (next: Draft): void => {
          const settled = settle(next);
          if (settled !== get().draft) set({ draft: settled, selection: selectionIn(settled) });
        };
        const travel = (direction: 'undo' | 'redo'): void => {
          if (get().gestureStart !== null) get().endGesture();
          history().getState()[direction]();
          set({ selection: selectionIn(get().draft) });
        };
        return {
          draft: first,
          saved: first,
          selection: null,
          breakpoint: 'desktop',
          gestureStart: null,
          load: (draft) => {
            const settled = settle(draft);
            set({ draft: settled, saved: settled, selection: null, gestureStart: null });
            history().getState().clear();
          },
          apply: (operation) => {
            const { draft } = get();
            const model = operation(draft.model);
            if (model !== draft.model) commit({ ...draft, model });
          },
          setMeta: (patch) => {
            const { draft } = get();
            const changed = (Object.keys(patch) as (keyof DashboardMeta)[]).some(
              (key) => patch[key] !== draft.meta[key],
            );
            if (changed) commit({ ...draft, meta: { ...draft.meta, ...patch } });
          },
          beginGesture: () => {
            if (get().gestureStart === null) set({ gestureStart: get().draft });
          },
          endGesture: () => {
            if (get().gestureStart !== null) set({ gestureStart: null });
          },
          undo: () => {
            travel('undo');
          },
          redo: () => {
            travel('redo');
          },
          select: (id) => {
            set({ selection: id !== null && get().draft.model.cards.some((c) => c.id === id) ? id : null });
          },
          setBreakpoint: (breakpoint) => {
            set({ breakpoint, selection: null });
          },
          markSaved: (draft) => {
            set({ saved: draft ?? get().draft });
          },
        };
      },
      {
        // During a gesture the history sees the draft of its start, so the gesture's end records one step from there.
        partialize: (state): HistoryEntry => ({ draft: state.gestureStart ?? state.draft }),
        equality: (past, current) => past.draft === current.draft,
        limit: HISTORY_LIMIT,
      },
    ),
  );
}
