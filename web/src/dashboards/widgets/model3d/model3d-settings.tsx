// The 3D model card's settings: the device (the device picker) whose values feed it, then the screens' model3d
// element's own form (the model from the gallery, the camera saved from a view turned by hand, the nodes the state's
// colour recolours, the states, the drives and spins), its data sources those the device reports. A card following
// the device tree draws for this device until one is picked there.
import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { Model3dSettingsForm } from '@/designer/elements/display/model3d/model3d-settings';
import type { DataSourceOption } from '@/designer/elements/types';
import { useLiveValues } from '@/lib/telemetry/get-live-values';
import type { LiveItem } from '@/lib/telemetry/types';
import { DeviceField } from '../../data/fields';
import type { SettingsFormProps } from '../types';
import { cardElement, withElementPatch } from './card-element';

interface Values {
  device_id?: number | null;
}

const NO_SOURCES: readonly DataSourceOption[] = [];

/** A data source the device reports, as the element's binding fields offer it. */
export function sourceOption(item: LiveItem): DataSourceOption {
  return {
    id: item.id,
    name: item.name,
    unit: item.unit ?? '',
    writable: item.rw === 'rw',
    decimals: item.decimals,
  };
}

export default function Model3dCardSettingsForm({ settings, onChange }: SettingsFormProps<'model3d'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const deviceId = settings.device_id ?? null;
  const live = useLiveValues(deviceId ?? 0, deviceId !== null);
  const dataSources = useMemo(() => live.data?.items.map(sourceOption) ?? NO_SOURCES, [live.data]);
  const element = useMemo(() => cardElement(settings), [settings]);
  useEffect(() => {
    form.setFieldsValue({ device_id: settings.device_id ?? undefined });
  }, [form, settings.device_id]);

  return (
    <>
      <Form<Values>
        form={form}
        layout="vertical"
        name="model3d-settings"
        onValuesChange={(_changed, all) => {
          onChange({ ...settings, device_id: all.device_id ?? null });
        }}
      >
        <DeviceField
          name="device_id"
          label={t('dashboards.widgets.model3d.settings.device')}
          placeholder={t('dashboards.widgets.model3d.settings.devicePlaceholder')}
          extra={t('dashboards.widgets.model3d.settings.deviceHint')}
          value={settings.device_id}
        />
      </Form>
      <Model3dSettingsForm
        element={element}
        dataSources={dataSources}
        flicker={false}
        onChange={(patch) => {
          onChange(withElementPatch(settings, patch));
        }}
      />
    </>
  );
}
