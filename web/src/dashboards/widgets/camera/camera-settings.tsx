// The camera card's settings: the device (the device picker), which of its cameras (a template camera slot, or the
// device's own video address) and whether it plays muted. A card following the device tree plays this device's
// camera until one is picked there.
import { Form, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { TEMPLATE_CAMERAS_MAX } from '@/types/limits.gen';
import { DeviceField } from '../../data/fields';
import type { SettingsFormProps } from '../types';

interface Values {
  device_id?: number | null;
  source?: 'slot' | 'device';
  slot?: number;
  muted?: boolean;
}

const SLOTS = Array.from({ length: TEMPLATE_CAMERAS_MAX }, (_, index) => ({
  value: index,
  label: String(index + 1),
}));

export default function CameraSettingsForm({ settings, onChange }: SettingsFormProps<'camera'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.setFieldsValue({
      device_id: settings.device_id ?? undefined,
      source: settings.source,
      slot: settings.slot,
      muted: settings.muted,
    });
  }, [form, settings]);
  const source = settings.source;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="camera-settings"
      onValuesChange={(_changed, all) => {
        onChange({
          ...settings,
          device_id: all.device_id ?? null,
          source: all.source ?? 'slot',
          slot: all.slot ?? 0,
          muted: all.muted ?? true,
        });
      }}
    >
      <DeviceField
        name="device_id"
        label={t('video.camera.device')}
        placeholder={t('video.camera.devicePlaceholder')}
        value={settings.device_id}
      />
      <Form.Item name="source" label={t('video.camera.source')}>
        <Select
          aria-label={t('video.camera.source')}
          options={[
            { value: 'slot', label: t('video.camera.sourceSlot') },
            { value: 'device', label: t('video.camera.sourceDevice') },
          ]}
        />
      </Form.Item>
      {source === 'slot' && (
        <Form.Item name="slot" label={t('video.camera.slot')} extra={t('video.camera.slotHint')}>
          <Select aria-label={t('video.camera.slot')} options={SLOTS} />
        </Form.Item>
      )}
      <Form.Item name="muted" label={t('video.camera.muted')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
