// The editor's top toolbar: the screen and its template, undo and redo (disabled when the history has nothing that
// way), the zoom, grid and snap, align and distribute, z-order, group, lock, hide, delete, versions, the shortcut
// help, the preview and save, which carries a mark while there are unsaved changes.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BorderInnerOutlined,
  DeleteOutlined,
  DragOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GroupOutlined,
  HistoryOutlined,
  LockOutlined,
  PlayCircleOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  UngroupOutlined,
  UnlockOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Badge, Button, Divider, Select, Space } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { updateCanvas, type CanvasSize } from '../../model';
import {
  deleteSelected,
  groupSelected,
  reorderSelection,
  toggleSelectionFlag,
  ungroupSelected,
} from '../commands';
import { isDirty, type DesignerStore } from '../store';
import { useDesigner, useHistory, useSelectionAbilities } from '../use-designer';
import { AlignButtons, ToolButton } from './align-buttons';

/** The zoom steps the select offers, besides fitting the screen to the view. */
export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const FIT = 'fit';

export const zoomLabel = (zoom: number): string => `${Math.round(zoom * 100)} %`;

export interface ToolbarProps {
  store: DesignerStore;
  start?: ReactNode;
  screenName: string;
  templateName: string;
  defaultSize: CanvasSize;
  zoom: number;
  onZoom: (zoom: number) => void;
  onFit: () => void;
  saving: boolean;
  onSave: () => void;
  onVersions: () => void;
  onShortcuts: () => void;
  /** Opens the preview with a bound device's live values (absent: no preview offered). */
  onPreview?: () => void;
  /** Focus mode (the editor uses the whole window) is on; absent: the toolbar offers no focus button. */
  focus?: boolean;
  onFocusChange?: (focus: boolean) => void;
}

// The toolbar is drawn in sections, each memoised and reading from the store only what it shows: a zoom redraws the
// zoom, a selection the buttons that act on it, a drag's moves none of them (benchmark B7: the whole toolbar, two
// dozen buttons with their tooltips, was drawn again on every change of the document, the zoom or the page).

const HistoryButtons = memo(function HistoryButtons({ store }: { store: DesignerStore }) {
  const { t } = useTranslation();
  const { canUndo, canRedo } = useHistory(store);
  return (
    <>
      <ToolButton
        label={t('designer.editor.toolbar.undo')}
        icon={<UndoOutlined />}
        disabled={!canUndo}
        onClick={() => store.getState().undo()}
      />
      <ToolButton
        label={t('designer.editor.toolbar.redo')}
        icon={<RedoOutlined />}
        disabled={!canRedo}
        onClick={() => store.getState().redo()}
      />
    </>
  );
});

const ZoomControls = memo(function ZoomControls({
  zoom,
  onZoom,
  onFit,
}: Pick<ToolbarProps, 'zoom' | 'onZoom' | 'onFit'>) {
  const { t } = useTranslation();
  const zoomOptions = [
    { value: FIT, label: t('designer.editor.toolbar.fit') },
    ...ZOOM_STEPS.map((step) => ({ value: String(step), label: zoomLabel(step) })),
  ];
  return (
    <>
      <Select
        size="small"
        className="designer-toolbar__zoom"
        aria-label={t('designer.editor.toolbar.zoom')}
        value={zoomLabel(zoom)}
        options={zoomOptions}
        popupMatchSelectWidth={false}
        onChange={(value: string) => (value === FIT ? onFit() : onZoom(Number(value)))}
      />
      <ToolButton
        label={t('designer.editor.toolbar.actualSize')}
        icon={<span className="designer-toolbar__text-icon">1:1</span>}
        onClick={() => onZoom(1)}
      />
    </>
  );
});

const GridButtons = memo(function GridButtons({ store }: { store: DesignerStore }) {
  const { t } = useTranslation();
  const show = useDesigner(store, (s) => s.doc.canvas.grid.show);
  const snap = useDesigner(store, (s) => s.doc.canvas.grid.snap);
  return (
    <>
      <ToolButton
        label={t('designer.editor.toolbar.grid')}
        icon={<BorderInnerOutlined />}
        pressed={show}
        onClick={() => store.getState().apply((d) => updateCanvas(d, { grid: { show: !show } }))}
      />
      <ToolButton
        label={t('designer.editor.toolbar.snap')}
        icon={<DragOutlined />}
        pressed={snap}
        onClick={() => store.getState().apply((d) => updateCanvas(d, { grid: { snap: !snap } }))}
      />
    </>
  );
});

const ArrangeButtons = memo(function ArrangeButtons({ store }: { store: DesignerStore }) {
  const { t } = useTranslation();
  const can = useSelectionAbilities(store);
  return (
    <>
      <ToolButton
        label={t('designer.editor.actions.front')}
        icon={<VerticalAlignTopOutlined />}
        disabled={!can.any}
        onClick={() => reorderSelection(store, 'front')}
      />
      <ToolButton
        label={t('designer.editor.actions.forward')}
        icon={<ArrowUpOutlined />}
        disabled={!can.any}
        onClick={() => reorderSelection(store, 'forward')}
      />
      <ToolButton
        label={t('designer.editor.actions.backward')}
        icon={<ArrowDownOutlined />}
        disabled={!can.any}
        onClick={() => reorderSelection(store, 'backward')}
      />
      <ToolButton
        label={t('designer.editor.actions.back')}
        icon={<VerticalAlignBottomOutlined />}
        disabled={!can.any}
        onClick={() => reorderSelection(store, 'back')}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('designer.editor.actions.group')}
        icon={<GroupOutlined />}
        disabled={!can.several}
        onClick={() => groupSelected(store)}
      />
      <ToolButton
        label={t('designer.editor.actions.ungroup')}
        icon={<UngroupOutlined />}
        disabled={!can.ungroup}
        onClick={() => ungroupSelected(store)}
      />
      <ToolButton
        label={t(can.locked ? 'designer.editor.actions.unlock' : 'designer.editor.actions.lock')}
        icon={can.locked ? <UnlockOutlined /> : <LockOutlined />}
        disabled={!can.any}
        onClick={() => toggleSelectionFlag(store, 'locked')}
      />
      <ToolButton
        label={t(can.hidden ? 'designer.editor.actions.show' : 'designer.editor.actions.hide')}
        icon={can.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        disabled={!can.any}
        onClick={() => toggleSelectionFlag(store, 'hidden')}
      />
      <ToolButton
        label={t('designer.editor.actions.delete')}
        icon={<DeleteOutlined />}
        disabled={!can.any}
        onClick={() => deleteSelected(store)}
      />
    </>
  );
});

const EndButtons = memo(function EndButtons({
  store,
  saving,
  onSave,
  onVersions,
  onShortcuts,
  onPreview,
  focus,
  onFocusChange,
}: Pick<
  ToolbarProps,
  'store' | 'saving' | 'onSave' | 'onVersions' | 'onShortcuts' | 'onPreview' | 'focus' | 'onFocusChange'
>) {
  const { t } = useTranslation();
  const dirty = useDesigner(store, isDirty);
  return (
    <Space size={4} className="designer-toolbar__end">
      {onFocusChange && (
        <ToolButton
          label={t(focus ? 'designer.editor.focus.leave' : 'designer.editor.focus.enter')}
          icon={focus ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          pressed={focus}
          onClick={() => onFocusChange(!focus)}
        />
      )}
      <ToolButton
        label={t('designer.editor.toolbar.versions')}
        icon={<HistoryOutlined />}
        onClick={onVersions}
      />
      <ToolButton
        label={t('designer.editor.toolbar.shortcuts')}
        icon={<QuestionCircleOutlined />}
        onClick={onShortcuts}
      />
      {onPreview && (
        <Button size="small" icon={<PlayCircleOutlined />} onClick={onPreview}>
          {t('designer.editor.toolbar.preview')}
        </Button>
      )}
      <Badge dot={dirty} title={dirty ? t('designer.editor.toolbar.unsaved') : undefined}>
        <Button
          type="primary"
          size="small"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={onSave}
          aria-label={t('designer.editor.toolbar.save')}
          data-dirty={dirty}
        >
          {t('designer.editor.toolbar.save')}
        </Button>
      </Badge>
    </Space>
  );
});

export function Toolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { store } = props;
  return (
    <div className="designer-toolbar" role="toolbar" aria-label={t('designer.editor.toolbar.label')}>
      {props.start}
      {/* Plain text cut by the stylesheet: Typography's ellipsis measures itself on every render. */}
      <div className="designer-toolbar__title">
        <strong title={props.screenName}>{props.screenName}</strong>
        <span title={props.templateName}>{props.templateName}</span>
      </div>
      <Space size={2} wrap className="designer-toolbar__tools">
        <HistoryButtons store={store} />
        <Divider orientation="vertical" />
        <ZoomControls zoom={props.zoom} onZoom={props.onZoom} onFit={props.onFit} />
        <GridButtons store={store} />
        <Divider orientation="vertical" />
        <AlignButtons store={store} defaultSize={props.defaultSize} />
        <Divider orientation="vertical" />
        <ArrangeButtons store={store} />
      </Space>
      <EndButtons
        store={store}
        saving={props.saving}
        onSave={props.onSave}
        onVersions={props.onVersions}
        onShortcuts={props.onShortcuts}
        onPreview={props.onPreview}
        focus={props.focus}
        onFocusChange={props.onFocusChange}
      />
    </div>
  );
}
