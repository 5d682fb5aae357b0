// The editor's store (DESIGN §7): the document under zundo's history, with the selection and the hover beside it
// and outside it. One history step per user action, and one per gesture: between `beginGesture()` and
// `endGesture()` (a drag, a resize, a rotation of any number of frames) the history sees the document as it was when
// the gesture began, so its end records one step from there. History keeps HISTORY_LIMIT steps.
import { temporal } from 'zundo';
import { createStore, type StoreApi } from 'zustand';

import type { TemporalState } from 'zundo';

import { keepAttached } from '../model/connectors';
import { emptyDocument } from '../model/normalize';
import type { DesignDocument } from '../model/types';

export const HISTORY_LIMIT = 300;

/** What the history holds: the document, nothing else (so selecting, hovering or saving is no step). */
export interface HistoryEntry {
  doc: DesignDocument;
}

export interface DesignerState {
  doc: DesignDocument;
  /** The document last saved (or loaded); `isDirty` compares against it. */
  saved: DesignDocument;
  /** Selected element ids. */
  selection: string[];
  hovered: string | null;
  /** The document when the current gesture began; null outside a gesture. */
  gestureStart: DesignDocument | null;

  /** Opens a document: no history, nothing selected, clean. */
  load: (doc: DesignDocument) => void;
  /** Applies an operation of model/ (`(doc) => doc`): one step, or part of the current gesture's step. Attached
   * pipes are kept on their ports within the same step (model/connectors.ts `keepAttached`). */
  apply: (operation: (doc: DesignDocument) => DesignDocument) => void;
  beginGesture: () => void;
  endGesture: () => void;
  /** Ends a gesture by putting the document back as it was when it began (Escape during a drag). */
  cancelGesture: () => void;
  undo: () => void;
  redo: () => void;
  select: (ids: readonly string[]) => void;
  hover: (id: string | null) => void;
  /** Records `doc` (the current document when omitted) as saved: a save that finished while the user kept editing
   * leaves the later edits dirty. */
  markSaved: (doc?: DesignDocument) => void;
}

export type DesignerStore = StoreApi<DesignerState> & { temporal: StoreApi<TemporalState<HistoryEntry>> };

/** The document has changes not saved. Undoing back to the saved document makes it clean again. */
export function isDirty(state: Pick<DesignerState, 'doc' | 'saved'>): boolean {
  return state.doc !== state.saved;
}

function existing(doc: DesignDocument, ids: readonly string[]): string[] {
  const present = new Set(doc.elements.map((e) => e.id));
  return ids.filter((id) => present.has(id));
}

export function createDesignerStore(initial: DesignDocument = emptyDocument()): DesignerStore {
  return createStore<DesignerState>()(
    temporal(
      (set, get, store) => {
        // The selection and the hover kept to the elements of `doc` (after a delete, an undo of an add, …).
        const pointingAt = (doc: DesignDocument): Pick<DesignerState, 'selection' | 'hovered'> => {
          const { selection, hovered } = get();
          const kept = existing(doc, selection);
          const hover = hovered !== null && existing(doc, [hovered]).length === 0 ? null : hovered;
          return { selection: kept.length === selection.length ? selection : kept, hovered: hover };
        };
        // Inside this creator zundo types the store's `temporal` as unknown; it is the history store set up above.
        const history = (): DesignerStore['temporal'] => (store as unknown as DesignerStore).temporal;
        const travel = (direction: 'undo' | 'redo'): void => {
          if (get().gestureStart !== null) get().endGesture();
          history().getState()[direction]();
          set(pointingAt(get().doc));
        };
        return {
          doc: initial,
          saved: initial,
          selection: [],
          hovered: null,
          gestureStart: null,
          load: (doc) => {
            set({ doc, saved: doc, selection: [], hovered: null, gestureStart: null });
            history().getState().clear();
          },
          apply: (operation) => {
            const { doc } = get();
            // Pipes attached to what the operation moved follow it in the same step (model/connectors.ts).
            const next = keepAttached(doc, operation(doc));
            if (next !== doc) set({ doc: next, ...pointingAt(next) });
          },
          beginGesture: () => {
            if (get().gestureStart === null) set({ gestureStart: get().doc });
          },
          endGesture: () => {
            if (get().gestureStart !== null) set({ gestureStart: null });
          },
          cancelGesture: () => {
            const start = get().gestureStart;
            if (start !== null) set({ doc: start, gestureStart: null });
          },
          undo: () => travel('undo'),
          redo: () => travel('redo'),
          select: (ids) => set({ selection: existing(get().doc, ids) }),
          hover: (id) => set({ hovered: id }),
          markSaved: (doc) => set({ saved: doc ?? get().doc }),
        };
      },
      {
        // During a gesture the history sees the document of the gesture's start: the frames in between compare equal
        // and record nothing, and the gesture's end (gestureStart back to null) records one step from the start.
        // zundo's pause()/resume() would drop the gesture's change altogether (a set while paused is never
        // recorded, and resume() records nothing by itself); this needs neither them nor zundo's internals.
        partialize: (state): HistoryEntry => ({ doc: state.gestureStart ?? state.doc }),
        equality: (past, current) => past.doc === current.doc,
        limit: HISTORY_LIMIT,
      },
    ),
  );
}
