// The 3D model element's property panel: the model chosen from the gallery's 3D models, its camera saved from a
// small view the person turns and zooms, the nodes a state's colour recolours with the states themselves (the states
// editor every stateful element uses), and the drives and spins, each bound to a data source of the template under a
// binding key of its own.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { CameraView } from '@/components/model3d/scene-rules';
import { ModelView } from '@/components/model3d/model-view';
import {
  MODEL3D_DRIVES_MAX,
  MODEL3D_MESHES_MAX,
  MODEL3D_NODE_NAME_MAX,
  MODEL3D_SPINS_MAX,
} from '@/types/limits.gen';

import { GalleryPicker } from '../../../gallery';
import type { Binding } from '../../../model/types';
import { BindingField, FieldRow, FieldSection, NumberField, SelectField } from '../../form';
import { StatefulSections } from '../../stateful-sections';
import type { SettingsFormProps } from '../../types';
import { consoleModelFiles } from './model-files';
import {
  DRIVE_KINDS,
  freeKey,
  gltfName,
  readModel3d,
  SPIN_AXES,
  writeModel3d,
  type DriveSetting,
  type Model3dSettings,
  type SpinSetting,
} from './scene';
import './model3d.css';

function NodeField({
  label,
  value,
  nodes,
  onChange,
}: {
  label: string;
  value: string;
  nodes: readonly string[];
  onChange: (node: string) => void;
}) {
  const id = useId();
  const options = [...new Set([...nodes, ...(value ? [value] : [])])].map((n) => ({ value: n, label: n }));
  return (
    <FieldRow label={label} htmlFor={id}>
      <Select<string>
        id={id}
        size="small"
        showSearch
        value={value || undefined}
        options={options}
        onChange={onChange}
      />
    </FieldRow>
  );
}

export interface Model3dSettingsFormProps extends SettingsFormProps {
  /** The flicker section of a stateful element; a dashboard's 3D model card, which reuses this form, has none. */
  flicker?: boolean;
}

export function Model3dSettingsForm(props: Model3dSettingsFormProps) {
  const { element, dataSources, onChange } = props;
  const { t } = useTranslation();
  const meshesId = useId();
  const [picking, setPicking] = useState(false);
  const [nodes, setNodes] = useState<string[]>([]);
  const [view, setView] = useState<CameraView | null>(null);
  const model = readModel3d(element.settings);

  const save = (next: Model3dSettings, bindings?: Record<string, Binding>) =>
    onChange({ settings: writeModel3d(next), ...(bindings ? { bindings } : {}) });
  const withoutKey = (key: string) =>
    Object.fromEntries(Object.entries(element.bindings).filter(([name]) => name !== key));
  const bind = (key: string, binding: Binding | null) =>
    onChange({ bindings: binding ? { ...element.bindings, [key]: binding } : withoutKey(key) });
  const taken = () => [...model.drives.map((d) => d.key), ...model.spins.map((s) => s.key)];
  const setDrive = (index: number, patch: Partial<DriveSetting>) =>
    save({ ...model, drives: model.drives.map((d, i) => (i === index ? { ...d, ...patch } : d)) });
  const setSpin = (index: number, patch: Partial<SpinSetting>) =>
    save({ ...model, spins: model.spins.map((s, i) => (i === index ? { ...s, ...patch } : s)) });

  const files =
    model.model_id !== null && model.model_url !== null
      ? consoleModelFiles(model.model_id, model.model_url)
      : null;

  return (
    <>
      <FieldSection title={t('designer.model3d.model')}>
        <FieldRow label={t('designer.model3d.model')}>
          <Typography.Text data-testid="model3d-chosen" type={files ? undefined : 'secondary'}>
            {model.model_url ? decodeURIComponent(gltfName(model.model_url)) : t('designer.model3d.none')}
          </Typography.Text>
        </FieldRow>
        <Button size="small" onClick={() => setPicking(true)}>
          {t('designer.model3d.choose')}
        </Button>
        {picking && (
          <GalleryPicker
            open
            onCancel={() => setPicking(false)}
            onSelectModel={(chosen) => {
              setPicking(false);
              setView(null);
              save({ ...model, model_id: chosen.id, model_url: chosen.url, camera: null });
            }}
          />
        )}
      </FieldSection>
      {files && (
        <FieldSection title={t('designer.model3d.camera')}>
          <div className="iot-model3d-camera">
            <ModelView
              url={files.url}
              camera={model.camera ?? undefined}
              interactive
              onCameraChange={setView}
              onNodes={setNodes}
            />
          </div>
          <Typography.Paragraph type="secondary">{t('designer.model3d.cameraHint')}</Typography.Paragraph>
          <Button
            size="small"
            disabled={view === null}
            onClick={() => {
              if (view) save({ ...model, camera: view });
            }}
          >
            {t('designer.model3d.saveCamera')}
          </Button>{' '}
          <Button
            size="small"
            disabled={model.camera === null}
            onClick={() => {
              setView(null);
              save({ ...model, camera: null });
            }}
          >
            {t('designer.model3d.resetCamera')}
          </Button>
        </FieldSection>
      )}
      <FieldSection title={t('designer.model3d.colours')}>
        <FieldRow
          label={t('designer.model3d.meshes')}
          htmlFor={meshesId}
          extra={t('designer.model3d.meshesHint')}
        >
          <Select<string[]>
            id={meshesId}
            size="small"
            mode="tags"
            maxCount={MODEL3D_MESHES_MAX}
            value={model.meshes}
            options={nodes.map((n) => ({ value: n, label: n }))}
            onChange={(meshes) =>
              save({
                ...model,
                meshes: meshes.map((m) => m.trim().slice(0, MODEL3D_NODE_NAME_MAX)).filter(Boolean),
              })
            }
          />
        </FieldRow>
      </FieldSection>
      <StatefulSections {...props} required />
      <FieldSection title={t('designer.model3d.drives')}>
        {model.drives.map((drive, index) => (
          <div className="iot-model3d-item" key={drive.key} data-testid={`model3d-drive-${String(index)}`}>
            <div className="iot-model3d-item__head">
              <Typography.Text strong>{t('designer.model3d.drive', { n: index + 1 })}</Typography.Text>
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('designer.model3d.remove')}
                onClick={() => {
                  save(
                    { ...model, drives: model.drives.filter((_, i) => i !== index) },
                    withoutKey(drive.key),
                  );
                }}
              />
            </div>
            <NodeField
              label={t('designer.model3d.node')}
              value={drive.node}
              nodes={nodes}
              onChange={(node) => setDrive(index, { node })}
            />
            <SelectField
              label={t('designer.model3d.kind')}
              value={drive.kind}
              options={DRIVE_KINDS.map((k) => ({ value: k, label: t(`designer.model3d.kinds.${k}`) }))}
              onChange={(kind) => kind && setDrive(index, { kind })}
            />
            <BindingField
              label={t('designer.form.dataSource')}
              value={element.bindings[drive.key]}
              dataSources={dataSources}
              onChange={(binding) => bind(drive.key, binding)}
            />
            <div className="iot-prop-inline">
              <NumberField
                label={t('designer.form.min')}
                value={drive.min}
                emptyValue={0}
                onChange={(min) => {
                  if (min !== null && min < drive.max) setDrive(index, { min });
                }}
              />
              <NumberField
                label={t('designer.form.max')}
                value={drive.max}
                emptyValue={100}
                onChange={(max) => {
                  if (max !== null && max > drive.min) setDrive(index, { max });
                }}
              />
            </div>
            <div className="iot-prop-inline">
              <NumberField
                label={t('designer.model3d.from')}
                value={drive.from_value}
                emptyValue={0}
                onChange={(from) => setDrive(index, { from_value: from ?? 0 })}
              />
              <NumberField
                label={t('designer.model3d.to')}
                value={drive.to_value}
                emptyValue={1}
                onChange={(to) => setDrive(index, { to_value: to ?? 1 })}
              />
            </div>
          </div>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={model.drives.length >= MODEL3D_DRIVES_MAX}
          onClick={() =>
            save({
              ...model,
              drives: [
                ...model.drives,
                {
                  key: freeKey('drive', taken()),
                  node: nodes[0] ?? '',
                  kind: 'rotation_y',
                  min: 0,
                  max: 100,
                  from_value: 0,
                  to_value: 360,
                },
              ],
            })
          }
        >
          {t('designer.model3d.addDrive')}
        </Button>
      </FieldSection>
      <FieldSection title={t('designer.model3d.spins')}>
        {model.spins.map((spin, index) => (
          <div className="iot-model3d-item" key={spin.key} data-testid={`model3d-spin-${String(index)}`}>
            <div className="iot-model3d-item__head">
              <Typography.Text strong>{t('designer.model3d.spin', { n: index + 1 })}</Typography.Text>
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('designer.model3d.remove')}
                onClick={() => {
                  save({ ...model, spins: model.spins.filter((_, i) => i !== index) }, withoutKey(spin.key));
                }}
              />
            </div>
            <NodeField
              label={t('designer.model3d.node')}
              value={spin.node}
              nodes={nodes}
              onChange={(node) => setSpin(index, { node })}
            />
            <SelectField
              label={t('designer.model3d.axis')}
              value={spin.axis}
              options={SPIN_AXES.map((a) => ({ value: a, label: a.toUpperCase() }))}
              onChange={(axis) => axis && setSpin(index, { axis })}
            />
            <BindingField
              label={t('designer.model3d.rpmSource')}
              value={element.bindings[spin.key]}
              dataSources={dataSources}
              onChange={(binding) => bind(spin.key, binding)}
            />
            <NumberField
              label={t('designer.model3d.factor')}
              value={spin.factor}
              emptyValue={1}
              onChange={(factor) => setSpin(index, { factor: factor ?? 1 })}
            />
          </div>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={model.spins.length >= MODEL3D_SPINS_MAX}
          onClick={() =>
            save({
              ...model,
              spins: [
                ...model.spins,
                { key: freeKey('spin', taken()), node: nodes[0] ?? '', axis: 'y', factor: 1 },
              ],
            })
          }
        >
          {t('designer.model3d.addSpin')}
        </Button>
      </FieldSection>
    </>
  );
}
