// One editing session of a screen: the designer's store filled with the loaded design, and around the editor what
// talks to the server — save with the base revision (and its conflict and refusal dialogs), the automatic draft and
// the offer of a newer one, named versions, ctrl+S, and the questions on leaving with unsaved changes.
import { useQueryClient } from '@tanstack/react-query';
import { LinkOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStore } from 'zustand';

import { useCan } from '@/components/can';
import { useStableCallback } from '@/lib/use-stable-callback';
import type { EditorPreview } from '@/designer/editor/editor';

import { createDesignerStore, isDirty } from '@/designer/editor/store';
import type { DataSourceOption, ScreenOption } from '@/designer/elements/types';
import { normalizeDocument } from '@/designer/model';
import { Perm } from '@/lib/permissions';
import type { SizeKind } from '@/lib/screen-size';
import { getScreenDesign, screenDesignQueryOptions } from '../../api/screen-design';
import { useDiscardScreenDraft, useScreenDraft } from '../../api/screen-draft';
import { screenKeys } from '../../api/screen-keys';
import { templateBindPath } from '../../lib/template-paths';
import type { MiddlewareDevice } from '../../types';
import type { ScreenDesignOut } from '../../types-screen';
import { DraftOffer } from './draft-offer';
import { LeaveModal, SaveConflictModal, SaveRefusalAlert } from './save-dialogs';
import { useDesignSave } from './use-design-save';
import { useDraftAutosave } from './use-draft-autosave';
import { useLeaveGuard } from './use-leave-guard';
import { VersionsDrawer } from './versions-drawer';

// The editor, its canvas, panels and the element registry load in their own chunk.
const DesignerEditor = lazy(() => import('@/designer/editor/editor'));

export interface DesignSessionProps {
  design: ScreenDesignOut;
  templateName: string;
  dataSources: readonly DataSourceOption[];
  screens: readonly ScreenOption[];
  /** The devices bound to the template (the overview's devices tab), for the preview. */
  devices: readonly MiddlewareDevice[];
  /** Shown first in the editor's toolbar (back to the template). */
  backButton: ReactNode;
}

/** True from the first render where `open` is. */
function useShownOnce(open: boolean): boolean {
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  return shown || open;
}

const kindOf = (kind: string): SizeKind => (kind === 'mobile' ? 'mobile' : 'web');

const isSaveKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';

const FOCUS_KEY = 'iot.designer.focus';

/** Focus mode is on unless the user left it last time (issue 30 point 8: the designer opens in it). */
function focusAtStart(): boolean {
  try {
    return window.localStorage.getItem(FOCUS_KEY) !== 'off';
  } catch {
    return true;
  }
}

function rememberFocus(focus: boolean): void {
  try {
    window.localStorage.setItem(FOCUS_KEY, focus ? 'on' : 'off');
  } catch {
    // Private mode or full: the choice lasts this page.
  }
}

/** Escape leaves focus mode only when nothing is being edited: not typed into a field, not taken by the canvas (a
 * selection cleared, a drag cancelled), not closing a dialog, a menu or a drop-down. */
export function escapeLeavesFocus(event: KeyboardEvent, selected: number): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || selected > 0) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], .ant-select'))
    return false;
  return !document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open');
}

export function DesignSession({
  design,
  templateName,
  dataSources,
  screens,
  devices,
  backButton,
}: DesignSessionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canBind = useCan(Perm.TEMPLATE_BIND);
  const [store] = useState(() => createDesignerStore(normalizeDocument(design.document)));
  const [revision, setRevision] = useState(design.revision);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [focus, setFocus] = useState(focusAtStart);
  const changeFocus = useStableCallback((next: boolean) => {
    setFocus(next);
    rememberFocus(next);
  });
  const dirty = useStore(store, isDirty);
  const draft = useScreenDraft(design.id);
  const discardDraft = useDiscardScreenDraft();
  const [draftAnswered, setDraftAnswered] = useState(false);
  const offeredDraft = !draftAnswered && draft.data ? draft.data : null;

  // A design the server now holds (a reload, a restore) replaces the editor's document and its history.
  const replaceWith = (next: ScreenDesignOut) => {
    store.getState().load(normalizeDocument(next.document));
    setRevision(next.revision);
  };

  const saver = useDesignSave({
    screenId: design.id,
    store,
    revision,
    onSaved: (saved) => {
      setRevision(saved.revision);
      setDraftAnswered(true);
    },
  });
  // While the draft offer waits for an answer, an autosave would replace that draft with the saved design.
  useDraftAutosave({ screenId: design.id, store, revision, enabled: draft.isFetched && !offeredDraft });
  const blocker = useLeaveGuard(dirty);
  // The dialogs mount when first wanted and stay for their closing animation: closed, they cost the opening.
  const conflictShown = useShownOnce(saver.conflict);
  const versionsShown = useShownOnce(versionsOpen);
  const leaveShown = useShownOnce(blocker.state === 'blocked');
  // The editor's toolbar is memoised: the session re-renders on every save and as the draft arrives.
  const save = useStableCallback(() => void saver.save());
  const showVersions = useStableCallback(() => setVersionsOpen(true));
  // One object while the size stays: the editor's canvas and panels are memoised on their props.
  const defaultSize = useMemo(
    () => ({ width: design.width, height: design.height }),
    [design.width, design.height],
  );

  // The preview shows a jump's or a pop-up's screen as saved, from the designer's own query of it.
  const preview = useMemo<EditorPreview>(
    () => ({
      devices,
      loadScreen: async (screenId) => {
        const saved = await queryClient.query(screenDesignQueryOptions(screenId));
        return {
          name: saved.name,
          document: normalizeDocument(saved.document),
          size: { width: saved.width, height: saved.height },
        };
      },
      bindAction: canBind ? (
        <Link to={templateBindPath(design.template_id)}>
          <Button type="primary" icon={<LinkOutlined />} tabIndex={-1}>
            {t('designer.runtime.preview.bind')}
          </Button>
        </Link>
      ) : undefined,
    }),
    [devices, queryClient, canBind, design.template_id, t],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveKey(event)) return;
      event.preventDefault();
      void saver.save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    if (!focus) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (escapeLeavesFocus(event, store.getState().selection.length)) changeFocus(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focus, store, changeFocus]);

  // Two open designers are two tabs told apart by their screen and template (issue 30 point 7).
  useEffect(() => {
    const before = document.title;
    document.title = t('designer.editor.documentTitle', { screen: design.name, template: templateName });
    return () => {
      document.title = before;
    };
  }, [t, design.name, templateName]);

  const reloadTheirs = async () => {
    setReloading(true);
    try {
      const theirs = await getScreenDesign(design.id);
      queryClient.setQueryData(screenKeys.design(design.id), theirs);
      replaceWith(theirs);
      saver.dismissConflict();
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className={focus ? 'page designer-page designer-page--focus' : 'page designer-page'}>
      {offeredDraft && (
        <DraftOffer
          draft={offeredDraft}
          onRestore={() => {
            const restored = normalizeDocument(offeredDraft.document);
            // One undoable step from the saved design: undo shows what was saved.
            store.getState().apply(() => restored);
            setDraftAnswered(true);
          }}
          onDiscard={() => {
            discardDraft.mutate(design.id);
            setDraftAnswered(true);
          }}
        />
      )}
      {saver.refusal && <SaveRefusalAlert refusal={saver.refusal} onClose={saver.dismissRefusal} />}
      <Suspense fallback={<Spin className="designer-page__loading" />}>
        <DesignerEditor
          store={store}
          toolbarStart={backButton}
          templateId={design.template_id}
          screenId={design.id}
          screenName={design.name}
          templateName={templateName}
          kind={kindOf(design.kind)}
          defaultSize={defaultSize}
          dataSources={dataSources}
          screens={screens}
          saving={saver.saving}
          onSave={save}
          onVersions={showVersions}
          preview={preview}
          focus={focus}
          onFocusChange={changeFocus}
        />
      </Suspense>
      {conflictShown && (
        <SaveConflictModal
          open={saver.conflict}
          busy={saver.saving || reloading}
          onReload={() => void reloadTheirs()}
          onOverwrite={() => void saver.save({ overwrite: true })}
          onCancel={saver.dismissConflict}
        />
      )}
      {versionsShown && (
        <VersionsDrawer
          open={versionsOpen}
          screenId={design.id}
          dirty={dirty}
          onClose={() => setVersionsOpen(false)}
          onRestored={(restored) => {
            replaceWith(restored);
            setVersionsOpen(false);
          }}
        />
      )}
      {leaveShown && <LeaveModal blocker={blocker} />}
    </div>
  );
}
