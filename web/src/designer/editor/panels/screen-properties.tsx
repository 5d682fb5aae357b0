// The property panel with nothing selected: the screen itself. Its size (the kind's presets of SPEC §3, or custom
// within the kind's ranges), background colour and image (from the gallery) and the grid.
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  CUSTOM_SIZE,
  SIZE_LIMITS,
  formatSize,
  presetKey,
  rangeOf,
  sizeToPreset,
  type SizeKind,
} from '@/lib/screen-size';
import { CANVAS_GRID_MAX } from '@/types/limits.gen';
import {
  ColourField,
  FieldRow,
  FieldSection,
  NumberField,
  SelectField,
  SwitchField,
} from '../../elements/form';
import { GalleryPicker } from '../../gallery';
import { brokenBindings, updateCanvas, type CanvasPatch, type CanvasSize } from '../../model';
import type { DesignDocument } from '../../model/types';
import type { DesignerStore } from '../store';
import { useDesigner } from '../use-designer';

const FITS = ['stretch', 'contain', 'cover', 'tile', 'none'] as const;
type Fit = DesignDocument['canvas']['background']['fit'];

interface ScreenPropertiesProps {
  store: DesignerStore;
  /** The template's data sources: elements bound to others are counted and can be selected. */
  dataSourceIds: readonly number[];
  /** The template's screens: elements jumping to or opening others are counted too. */
  screenIds: readonly number[];
  kind: SizeKind;
  /** The template's size for the kind, which a document without its own size is drawn at. */
  defaultSize: CanvasSize;
}

export function ScreenProperties({
  store,
  dataSourceIds,
  screenIds,
  kind,
  defaultSize,
}: ScreenPropertiesProps) {
  const { t } = useTranslation();
  const canvas = useDesigner(store, (s) => s.doc.canvas);
  const doc = useDesigner(store, (s) => s.doc);
  const broken = useMemo(
    () => brokenBindings(doc, dataSourceIds, screenIds).map((b) => b.id),
    [doc, dataSourceIds, screenIds],
  );
  const [picking, setPicking] = useState(false);
  const [custom, setCustom] = useState(false);
  const change = (patch: CanvasPatch) => store.getState().apply((doc) => updateCanvas(doc, patch));

  const width = canvas.width ?? defaultSize.width;
  const height = canvas.height ?? defaultSize.height;
  const preset = custom ? CUSTOM_SIZE : sizeToPreset(kind, width, height);
  const [wMin, wMax] = rangeOf(kind, 'width');
  const [hMin, hMax] = rangeOf(kind, 'height');
  const image = canvas.background.image;

  return (
    <>
      {broken.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="broken-summary"
          title={t('designer.binding.brokenCount', { count: broken.length })}
          action={
            <Button size="small" onClick={() => store.getState().select(broken)}>
              {t('designer.editor.properties.selectBroken')}
            </Button>
          }
        />
      )}
      <FieldSection title={t('designer.editor.screen.size')}>
        <SelectField<string>
          label={t('designer.editor.screen.preset')}
          value={preset}
          options={[
            ...SIZE_LIMITS[kind].presets.map(([w = 0, h = 0]) => ({
              value: presetKey(w, h),
              label: formatSize(w, h),
            })),
            { value: CUSTOM_SIZE, label: t('designer.editor.screen.custom') },
          ]}
          onChange={(value) => {
            const hit = SIZE_LIMITS[kind].presets.find(([w = 0, h = 0]) => presetKey(w, h) === value);
            setCustom(!hit);
            if (hit) change({ width: hit[0] ?? null, height: hit[1] ?? null });
          }}
        />
        {preset === CUSTOM_SIZE && (
          <Space.Compact block>
            <NumberField
              label={t('designer.editor.screen.width')}
              value={width}
              min={wMin}
              max={wMax}
              precision={0}
              onChange={(value) => change({ width: value ?? width })}
            />
            <NumberField
              label={t('designer.editor.screen.height')}
              value={height}
              min={hMin}
              max={hMax}
              precision={0}
              onChange={(value) => change({ height: value ?? height })}
            />
          </Space.Compact>
        )}
      </FieldSection>
      <FieldSection title={t('designer.editor.screen.background')}>
        <ColourField
          label={t('designer.editor.screen.backgroundColor')}
          value={canvas.background.color}
          onChange={(color) => change({ background: { color } })}
        />
        <FieldRow label={t('designer.editor.screen.backgroundImage')}>
          <Space wrap>
            <Button size="small" icon={<PictureOutlined />} onClick={() => setPicking(true)}>
              {image ? t('designer.editor.screen.changeImage') : t('designer.editor.screen.chooseImage')}
            </Button>
            {image && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('designer.editor.screen.removeImage')}
                onClick={() => change({ background: { image: null } })}
              />
            )}
          </Space>
        </FieldRow>
        {image && (
          <SelectField<Fit>
            label={t('designer.editor.screen.fit')}
            value={canvas.background.fit}
            options={FITS.map((fit) => ({ value: fit, label: t(`designer.editor.screen.fits.${fit}`) }))}
            onChange={(fit) => change({ background: { fit: fit ?? 'stretch' } })}
          />
        )}
      </FieldSection>
      <FieldSection title={t('designer.editor.screen.grid')}>
        <SwitchField
          label={t('designer.editor.toolbar.grid')}
          value={canvas.grid.show}
          onChange={(show) => change({ grid: { show } })}
        />
        <SwitchField
          label={t('designer.editor.toolbar.snap')}
          value={canvas.grid.snap}
          onChange={(snap) => change({ grid: { snap } })}
        />
        <NumberField
          label={t('designer.editor.screen.gridSize')}
          value={canvas.grid.size}
          min={1}
          max={CANVAS_GRID_MAX}
          precision={0}
          addonAfter="px"
          onChange={(size) => change({ grid: { size: size ?? canvas.grid.size } })}
        />
      </FieldSection>
      {/* Mounted when wanted: the gallery asks for its classifications as soon as it mounts. */}
      {picking && (
        <GalleryPicker
          open
          use="background"
          onCancel={() => setPicking(false)}
          onSelect={(url) => {
            setPicking(false);
            change({ background: { image: url } });
          }}
        />
      )}
    </>
  );
}
