// The draft saved automatically (issue 15 point 2): every DRAFT_INTERVAL_MS while the document has unsaved changes,
// and once more when the editor is left (the route changes or the tab is hidden), so work is never lost to a closed
// tab. A draft is held to shape and size only, so even a document the save refuses is kept.
import { useEffect, useRef } from 'react';

import { isDirty, type DesignerStore } from '@/designer/editor/store';
import { toWire } from '@/designer/model';
import type { DesignDocument } from '@/designer/model/types';
import { saveScreenDraft } from '../../api/screen-draft';

export const DRAFT_INTERVAL_MS = 15_000;

interface Options {
  screenId: number;
  store: DesignerStore;
  revision: number;
  /** False while the editor waits on a choice (the draft offer) that must not be overwritten meanwhile. */
  enabled: boolean;
}

export function useDraftAutosave({ screenId, store, revision, enabled }: Options): void {
  // The document last written as a draft: an unchanged document is not sent again.
  const written = useRef<DesignDocument | null>(null);
  // The interval reads the revision and the switch of the latest render without being set up again.
  const latest = useRef({ revision, enabled });
  useEffect(() => {
    latest.current = { revision, enabled };
  });

  useEffect(() => {
    const writeDraft = () => {
      const state = store.getState();
      if (!latest.current.enabled || !isDirty(state) || state.doc === written.current) return;
      written.current = state.doc;
      saveScreenDraft({
        id: screenId,
        revision: latest.current.revision,
        document: toWire(state.doc),
      }).catch(() => {
        // Tried again by the next tick: the document is still unwritten.
        if (written.current === state.doc) written.current = null;
      });
    };
    const timer = window.setInterval(writeDraft, DRAFT_INTERVAL_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') writeDraft();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', writeDraft);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', writeDraft);
      // Leaving the editor (another route): the last changes go into the draft.
      writeDraft();
    };
  }, [screenId, store]);
}
