// The fault card's settings: whose alarms (every device the viewer reads, a device group, or one device) and how
// many at most. A card following a tree shows the picked device's or group's alarms instead, this until one is picked.
import { Form, InputNumber, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DeviceField, GroupField } from '../../data/fields';
import type { SettingsFormProps, SettingsOf } from '../types';

type Scope = 'all' | 'group' | 'device';

interface Values {
  scope: Scope;
  group_id?: number | null;
  device_id?: number | null;
  limit: number;
}

export const FAULT_LIMIT_MIN = 1;
export const FAULT_LIMIT_MAX = 50;

function scopeOf(settings: SettingsOf<'fault'>): Scope {
  if (settings.device_id != null) return 'device';
  if (settings.group_id != null) return 'group';
  return 'all';
}

export default function FaultSettingsForm({ settings, onChange }: SettingsFormProps<'fault'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // The scope chosen before its group or device is (the settings hold only ids).
  const [scope, setScope] = useState<Scope>(() => scopeOf(settings));
  const held = scopeOf(settings);
  const shown: Scope = held === 'all' ? scope : held;
  useEffect(() => {
    form.setFieldsValue({
      scope: shown,
      group_id: settings.group_id ?? undefined,
      device_id: settings.device_id ?? undefined,
      limit: settings.limit,
    });
  }, [form, shown, settings.group_id, settings.device_id, settings.limit]);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="fault-settings"
      onValuesChange={(_, all) => {
        const next: Scope = all.scope;
        setScope(next);
        onChange({
          ...settings,
          group_id: next === 'group' ? (all.group_id ?? null) : null,
          device_id: next === 'device' ? (all.device_id ?? null) : null,
          limit: typeof all.limit === 'number' ? all.limit : settings.limit,
        });
      }}
    >
      <Form.Item name="scope" label={t('dashboards.widgets.fault.settings.scope')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'all', label: t('dashboards.widgets.fault.settings.all') },
            { value: 'group', label: t('dashboards.widgets.fault.settings.group') },
            { value: 'device', label: t('dashboards.widgets.fault.settings.device') },
          ]}
        />
      </Form.Item>
      {shown === 'group' && (
        <GroupField
          name="group_id"
          label={t('dashboards.widgets.fault.settings.groupLabel')}
          placeholder={t('dashboards.widgets.fault.settings.groupPlaceholder')}
          value={settings.group_id}
        />
      )}
      {shown === 'device' && (
        <DeviceField
          name="device_id"
          label={t('dashboards.widgets.fault.settings.deviceLabel')}
          placeholder={t('dashboards.widgets.fault.settings.devicePlaceholder')}
          value={settings.device_id}
        />
      )}
      <Form.Item
        name="limit"
        label={t('dashboards.widgets.fault.settings.limit')}
        extra={t('dashboards.widgets.fault.settings.limitHint', { max: FAULT_LIMIT_MAX })}
      >
        <InputNumber<number> min={FAULT_LIMIT_MIN} max={FAULT_LIMIT_MAX} precision={0} />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('dashboards.widgets.fault.settings.linkHint')}
      </Typography.Paragraph>
    </Form>
  );
}
