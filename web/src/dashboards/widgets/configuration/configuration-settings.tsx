// The configuration card's settings: the device (the device picker) and one of its template's published screens
// (none: the main web screen). A card following the device tree shows this device until one is picked there.
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeviceScreens, type RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import { DeviceField } from '../../data/fields';
import type { SettingsFormProps } from '../types';

interface Values {
  device_id?: number | null;
  screen_id?: number | null;
}

/** Web screens first, the main one of each kind first. */
function ordered(screens: readonly RuntimeScreenOut[]): RuntimeScreenOut[] {
  return [...screens].sort(
    (a, b) =>
      Number(a.kind !== 'web') - Number(b.kind !== 'web') ||
      Number(b.is_main) - Number(a.is_main) ||
      a.sort - b.sort ||
      a.id - b.id,
  );
}

export default function ConfigurationSettingsForm({
  settings,
  onChange,
}: SettingsFormProps<'configuration'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const deviceId = settings.device_id ?? null;
  const screens = useDeviceScreens(deviceId ?? 0, deviceId !== null);
  useEffect(() => {
    form.setFieldsValue({
      device_id: settings.device_id ?? undefined,
      screen_id: settings.screen_id ?? undefined,
    });
  }, [form, settings.device_id, settings.screen_id]);

  const options = ordered(screens.data?.screens ?? []).map((s) => ({
    value: s.id,
    label: t(
      s.is_main
        ? 'dashboards.widgets.configuration.settings.mainScreen'
        : 'dashboards.widgets.configuration.settings.screen',
      {
        name: s.name,
        kind: t(`dashboards.widgets.configuration.settings.kind.${s.kind === 'mobile' ? 'mobile' : 'web'}`),
      },
    ),
  }));

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="configuration-settings"
      onValuesChange={(changed, all) => {
        // Another device has another template: its screens are not the last device's.
        const screenId = 'device_id' in changed ? null : (all.screen_id ?? null);
        onChange({ ...settings, device_id: all.device_id ?? null, screen_id: screenId });
      }}
    >
      <DeviceField
        name="device_id"
        label={t('dashboards.widgets.configuration.settings.device')}
        placeholder={t('dashboards.widgets.configuration.settings.devicePlaceholder')}
        extra={t('dashboards.widgets.configuration.settings.deviceHint')}
        value={settings.device_id}
      />
      <Form.Item
        name="screen_id"
        label={t('dashboards.widgets.configuration.settings.screenLabel')}
        extra={t('dashboards.widgets.configuration.settings.screenHint')}
      >
        <Select<number>
          allowClear
          aria-label={t('dashboards.widgets.configuration.settings.screenLabel')}
          placeholder={t('dashboards.widgets.configuration.settings.screenDefault')}
          disabled={deviceId === null}
          loading={deviceId !== null && screens.isPending}
          options={options}
          notFoundContent={t('dashboards.widgets.configuration.settings.noScreens')}
        />
      </Form.Item>
    </Form>
  );
}
