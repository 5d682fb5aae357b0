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
import { Badge, Button, Divider, Select, Space, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { updateCanvas, type CanvasSize } from '../../model';
import {
  deleteSelected,
  groupSelected,
  reorderSelection,
  selectionAbilities,
  toggleSelectionFlag,
  ungroupSelected,
} from '../commands';
import { isDirty, type DesignerStore } from '../store';
import { useDesigner, useHistory } from '../use-designer';
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
}

export function Toolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { store } = props;
  const { canUndo, canRedo } = useHistory(store);
  const doc = useDesigner(store, (s) => s.doc);
  const dirty = useDesigner(store, isDirty);
  const selection = useDesigner(store, (s) => s.selection);
  const can = useMemo(() => selectionAbilities(doc, selection), [doc, selection]);
  const grid = doc.canvas.grid;
  const zoomOptions = [
    { value: FIT, label: t('designer.editor.toolbar.fit') },
    ...ZOOM_STEPS.map((step) => ({ value: String(step), label: zoomLabel(step) })),
  ];

  return (
    <div className="designer-toolbar" role="toolbar" aria-label={t('designer.editor.toolbar.label')}>
      {props.start}
      <div className="designer-toolbar__title">
        <Typography.Text strong ellipsis title={props.screenName}>
          {props.screenName}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis title={props.templateName}>
          {props.templateName}
        </Typography.Text>
      </div>
      <Space size={2} wrap className="designer-toolbar__tools">
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
        <Divider orientation="vertical" />
        <Select
          size="small"
          className="designer-toolbar__zoom"
          aria-label={t('designer.editor.toolbar.zoom')}
          value={zoomLabel(props.zoom)}
          options={zoomOptions}
          popupMatchSelectWidth={false}
          onChange={(value: string) => (value === FIT ? props.onFit() : props.onZoom(Number(value)))}
        />
        <ToolButton
          label={t('designer.editor.toolbar.actualSize')}
          icon={<span className="designer-toolbar__text-icon">1:1</span>}
          onClick={() => props.onZoom(1)}
        />
        <ToolButton
          label={t('designer.editor.toolbar.grid')}
          icon={<BorderInnerOutlined />}
          pressed={grid.show}
          onClick={() => store.getState().apply((d) => updateCanvas(d, { grid: { show: !grid.show } }))}
        />
        <ToolButton
          label={t('designer.editor.toolbar.snap')}
          icon={<DragOutlined />}
          pressed={grid.snap}
          onClick={() => store.getState().apply((d) => updateCanvas(d, { grid: { snap: !grid.snap } }))}
        />
        <Divider orientation="vertical" />
        <AlignButtons store={store} defaultSize={props.defaultSize} />
        <Divider orientation="vertical" />
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
      </Space>
      <Space size={4} className="designer-toolbar__end">
        <ToolButton
          label={t('designer.editor.toolbar.versions')}
          icon={<HistoryOutlined />}
          onClick={props.onVersions}
        />
        <ToolButton
          label={t('designer.editor.toolbar.shortcuts')}
          icon={<QuestionCircleOutlined />}
          onClick={props.onShortcuts}
        />
        {props.onPreview && (
          <Button size="small" icon={<PlayCircleOutlined />} onClick={props.onPreview}>
            {t('designer.editor.toolbar.preview')}
          </Button>
        )}
        <Badge dot={dirty} title={dirty ? t('designer.editor.toolbar.unsaved') : undefined}>
          <Button
            type="primary"
            size="small"
            icon={<SaveOutlined />}
            loading={props.saving}
            onClick={props.onSave}
            aria-label={t('designer.editor.toolbar.save')}
            data-dirty={dirty}
          >
            {t('designer.editor.toolbar.save')}
          </Button>
        </Badge>
      </Space>
    </div>
  );
}
