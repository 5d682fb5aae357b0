// Saving a screen's design: PUT with the revision the editor started from. A save refused because another landed
// since (115020) opens the two-editors choice; any other refusal (a rule of the schema, a limit) is kept to be shown
// with its code and field. Either way the user's work stays in the editor untouched.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toWire } from '@/designer/model';
import type { DesignerStore } from '@/designer/editor/store';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { isSavedSince, useSaveScreenDesign } from '../../api/screen-design';
import type { ScreenDesignOut } from '../../types-screen';

/** A save the server refused for a rule: its code, text and the field it names. */
export interface SaveRefusal {
  code: string;
  detail: string;
  field: string | null;
}

export interface DesignSave {
  saving: boolean;
  /** Another editor saved since: the dialog asks whether to reload theirs or overwrite. */
  conflict: boolean;
  refusal: SaveRefusal | null;
  save: (options?: { overwrite?: boolean }) => Promise<void>;
  dismissConflict: () => void;
  dismissRefusal: () => void;
}

interface Options {
  screenId: number;
  store: DesignerStore;
  /** The revision the editor's document is based on; a save moves it on. */
  revision: number;
  onSaved: (saved: ScreenDesignOut) => void;
}

export function useDesignSave({ screenId, store, revision, onSaved }: Options): DesignSave {
  const { t } = useTranslation();
  const mutation = useSaveScreenDesign();
  const [conflict, setConflict] = useState(false);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);

  const save = async ({ overwrite = false } = {}) => {
    if (mutation.isPending) return;
    const doc = store.getState().doc;
    setConflict(false);
    try {
      const saved = await mutation.mutateAsync({
        id: screenId,
        revision,
        document: toWire(doc),
        ...(overwrite ? { overwrite: true } : {}),
      });
      // What was sent is saved; edits made while the request ran stay unsaved.
      store.getState().markSaved(doc);
      setRefusal(null);
      onSaved(saved);
      toast.success(t('designer.editor.save.saved'));
    } catch (error) {
      if (isSavedSince(error)) setConflict(true);
      else if (isApiError(error)) setRefusal({ code: error.code, detail: error.detail, field: error.field });
      else setRefusal({ code: '', detail: t('designer.editor.save.failed'), field: null });
    }
  };

  return {
    saving: mutation.isPending,
    conflict,
    refusal,
    save,
    dismissConflict: () => setConflict(false),
    dismissRefusal: () => setRefusal(null),
  };
}
