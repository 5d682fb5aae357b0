// The dashboard editor (/editDashboard?id=, issue 31 point 2): the dashboard loaded for editing (118005: the spec's
// "no edit dashboard permission" in place of the editor), a toolbar of its canvas settings, the widget palette, the
// scaled grid of cards (desktop) or the phone layout, the selected card's settings drawer, undo and redo of every
// change, preview as presented, and save against the version loaded (100023: someone saved in between, reload
// offered). Unsaved changes are asked about before leaving.
import { Button, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';

import { useFillHeight } from '@/components/use-fill-height';
import { isApiError } from '@/lib/http';
import { confirmDialog, toast } from '@/lib/toast';
import { DASHBOARD_CARDS_MAX } from '@/types/limits.gen';
import { dashboardQueryOptions, useDashboard } from '@/lib/dashboards/get-dashboard';
import { SAVE_CONFLICT, useSaveDashboard } from '@/lib/dashboards/save-dashboard';
import { DASHBOARD_CODES } from '@/lib/dashboards/types';
import { addCard, cardIds, duplicateCard, newCardId, removeCard, resetPhoneLayout, toWire } from '../model';
import type { CardScope } from '../view/card-frame';
import { DashboardView, useDashboardHost } from '../view/dashboard-view';
import { dashboardTheme, themeStyle, widgetTheme } from '../view/themes';
import { useMemoryLinkage } from '../view/use-linkage';
import { WidgetHostContext } from '../widgets/host';
import type { DashboardOut, WidgetType } from '../widgets/types';
import { EditorStoreContext, useEditor } from './context';
import { draftOf, saveBody, settleDraft } from './draft';
import { DesktopGrid, PHONE_FRAME_WIDTH, PhoneGrid } from './grid-canvas';
import { Palette } from './palette';
import { SettingsDrawer } from './settings-drawer';
import { createEditorStore, isDirty, type EditorStore } from './store';
import { Toolbar } from './toolbar';
import { useEditorKeys } from './use-editor-keys';
import { useLeaveGuard } from './use-leave-guard';
import '../view/dashboard-view.css';
import './editor.css';

export interface DashboardEditorProps {
  dashboardId: number;
  /** Back to where the editor was opened from (the dashboard list). */
  onBack?: () => void;
}

export function DashboardEditor({ dashboardId, onBack }: DashboardEditorProps) {
  const { t } = useTranslation();
  const query = useDashboard(dashboardId, 'edit');
  const back = onBack && (
    <Button type="primary" onClick={onBack}>
      {t('dashboards.editor.backToList')}
    </Button>
  );
  if (query.error) {
    const code = isApiError(query.error) ? query.error.code : '';
    if (code === DASHBOARD_CODES.noEditPermission)
      return (
        <Result
          status="403"
          title={t('dashboards.editor.noEditPermission')}
          subTitle={t('dashboards.editor.noEditPermissionHint')}
          extra={back}
        />
      );
    if (code === DASHBOARD_CODES.notFound)
      return (
        <Result
          status="404"
          title={t('dashboards.editor.notFound')}
          subTitle={t('dashboards.editor.notFoundHint')}
          extra={back}
        />
      );
    return (
      <Result
        status="error"
        title={t('dashboards.editor.loadFailed')}
        subTitle={isApiError(query.error) ? query.error.detail : undefined}
        extra={
          <Button
            onClick={() => {
              void query.refetch();
            }}
          >
            {t('dashboards.editor.retry')}
          </Button>
        }
      />
    );
  }
  if (!query.data)
    return (
      <div className="dbe-loading">
        <Spin />
      </div>
    );
  return <EditorBody key={query.data.id} dashboard={query.data} onBack={onBack} />;
}

function EditorBody({ dashboard, onBack }: { dashboard: DashboardOut; onBack?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [store] = useState<EditorStore>(() => createEditorStore(draftOf(dashboard), settleDraft));
  const version = useRef(dashboard.version);
  const [nameError, setNameError] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const save = useSaveDashboard();
  const dirty = useStore(store, isDirty);
  useLeaveGuard(dirty);
  const fill = useFillHeight();

  const reload = useCallback(async () => {
    const fresh = await queryClient.query({
      ...dashboardQueryOptions(dashboard.id, 'edit'),
      staleTime: 0,
    });
    version.current = fresh.version;
    store.getState().load(draftOf(fresh));
    setNameError(null);
  }, [queryClient, dashboard.id, store]);

  const onSave = useCallback(() => {
    if (save.isPending) return;
    const { draft } = store.getState();
    if (!draft.meta.name.trim()) {
      setNameError(t('dashboards.editor.nameRequired'));
      return;
    }
    save.mutate(saveBody(dashboard.id, version.current, draft), {
      onSuccess: (saved) => {
        version.current = saved.version;
        store.getState().markSaved(draft);
        toast.success(t('dashboards.editor.saved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === SAVE_CONFLICT) {
          void confirmDialog({
            type: 'warning',
            title: t('dashboards.editor.conflictTitle'),
            content: t('dashboards.editor.conflictContent'),
            okText: t('dashboards.editor.conflictReload'),
            cancelText: t('dashboards.editor.conflictKeep'),
          }).then((ok) => {
            if (ok) void reload();
          });
        } else if (isApiError(error) && error.field === 'name') setNameError(error.detail);
        else toast.error(isApiError(error) ? error.detail : t('common.http.failed'));
      },
    });
  }, [save, store, dashboard.id, t, reload]);
  useEditorKeys(store, onSave);

  const add = (type: WidgetType) => {
    const { draft } = store.getState();
    if (draft.model.cards.length >= DASHBOARD_CARDS_MAX) return;
    const id = newCardId(cardIds(draft.model.cards));
    store.getState().apply((m) => addCard(m, type, id));
    store.getState().select(id);
  };
  const duplicate = (id: string) => {
    const { draft } = store.getState();
    if (draft.model.cards.length >= DASHBOARD_CARDS_MAX) return;
    const copy = newCardId(cardIds(draft.model.cards));
    store.getState().apply((m) => duplicateCard(m, id, copy));
    store.getState().select(copy);
  };
  const remove = (id: string) => {
    store.getState().apply((m) => removeCard(m, id));
  };

  // The cards on the grid and the settings forms (a container's tabs) draw other cards through the widget host.
  const chartTheme = useStore(store, (s) => s.draft.meta.chart_theme);
  const themeName = useStore(store, (s) => s.draft.meta.theme);
  const phone = useStore(store, (s) => s.breakpoint === 'mobile');
  const linkage = useMemoryLinkage();
  const scope = useMemo<CardScope>(() => {
    const theme = dashboardTheme(themeName);
    return {
      dashboardId: dashboard.id,
      mode: 'edit',
      linkage,
      theme,
      widgetTheme: widgetTheme(theme, chartTheme),
    };
  }, [dashboard.id, linkage, themeName, chartTheme]);
  const host = useDashboardHost(scope, false, phone);

  return (
    <EditorStoreContext.Provider value={store}>
      <WidgetHostContext.Provider value={host}>
        <div ref={fill} className="dbe">
          <Toolbar
            nameError={nameError}
            onNameEdited={() => {
              setNameError(null);
            }}
            preview={preview}
            onPreview={setPreview}
            saving={save.isPending}
            dirty={dirty}
            onSave={onSave}
            onBack={onBack}
          />
          <div className="dbe__main">
            {!preview && <Palette onAdd={add} />}
            <Workspace scope={scope} preview={preview} onDuplicate={duplicate} onDelete={remove} />
            {/* Over the workspace, under the toolbar: Save and the rest stay at hand while a card is set. */}
            {!preview && (
              <SettingsDrawer dashboardId={dashboard.id} onDuplicate={duplicate} onDelete={remove} />
            )}
          </div>
        </div>
      </WidgetHostContext.Provider>
    </EditorStoreContext.Provider>
  );
}

function Workspace({
  scope,
  preview,
  onDuplicate,
  onDelete,
}: {
  scope: CardScope;
  preview: boolean;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const meta = useEditor((s) => s.draft.meta);
  const model = useEditor((s) => s.draft.model);
  const phone = useEditor((s) => s.breakpoint === 'mobile');
  const empty = useEditor((s) => s.draft.model.cards.length === 0);
  const actions = { onDuplicate, onDelete };

  if (preview) {
    const shown = {
      id: scope.dashboardId,
      name: meta.name,
      width: meta.width,
      height: meta.height,
      theme: meta.theme,
      chart_theme: meta.chart_theme,
      document: toWire(model),
    };
    return (
      <div className={phone ? 'dbe__workspace dbe__workspace--phone' : 'dbe__workspace'}>
        <div className="dbe-preview" style={phone ? { width: PHONE_FRAME_WIDTH } : undefined}>
          <DashboardView dashboard={shown} linkage={scope.linkage} phone={phone} />
        </div>
      </div>
    );
  }
  return (
    <div className="dbe__workspace" style={themeStyle(scope.theme)} data-theme={scope.theme.name}>
      {phone && <PhoneBar />}
      {phone ? (
        <PhoneGrid scope={scope} actions={actions} />
      ) : (
        <DesktopGrid scope={scope} actions={actions} />
      )}
      {empty && <div className="dbe__empty">{t('dashboards.editor.empty')}</div>}
    </div>
  );
}

function PhoneBar() {
  const { t } = useTranslation();
  const derived = useEditor((s) => s.draft.model.mobileDerived);
  const apply = useEditor((s) => s.apply);
  return (
    <div className="dbe-phone-bar">
      <span>{derived ? t('dashboards.editor.phoneFollows') : t('dashboards.editor.phoneHint')}</span>
      {!derived && (
        <Button
          size="small"
          onClick={() => {
            apply(resetPhoneLayout);
          }}
        >
          {t('dashboards.editor.phoneReset')}
        </Button>
      )}
    </div>
  );
}
