// The time card's settings: what it shows (date and time, date, time), the zone (the viewer's own by default) and the
// size of its digits.
import { Form, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useSettingsForm } from '../common/use-settings-form';
import { wholeIn } from '../common/values';
import type { SettingsFormProps, SettingsOf } from '../types';
import { knownZones } from './time-format';

/** The zone field's value for "the viewer's zone" (the server keeps null). */
const VIEWER = '';

type Values = Omit<SettingsOf<'time'>, 'zone'> & { zone: string };

export default function TimeSettings({ settings, onChange }: SettingsFormProps<'time'>) {
  const { t } = useTranslation();
  const values = useMemo((): Values => ({ ...settings, zone: settings.zone ?? VIEWER }), [settings]);
  const form = useSettingsForm(values);
  const zones = useMemo(
    () => [
      { value: VIEWER, label: t('dashboards.widgets.time.viewerZone') },
      ...knownZones().map((zone) => ({ value: zone, label: zone })),
    ],
    [t],
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={values}
      onValuesChange={(_, all) => {
        onChange({
          format: all.format,
          zone: all.zone ? all.zone : null,
          font_size: wholeIn(all.font_size, 8, 200, settings.font_size),
        });
      }}
    >
      <Form.Item name="format" label={t('dashboards.widgets.time.format')}>
        <Select
          options={(['datetime', 'date', 'time'] as const).map((value) => ({
            value,
            label: t(`dashboards.widgets.time.formatOption.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="zone" label={t('dashboards.widgets.time.zone')}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
      </Form.Item>
      <Form.Item
        name="font_size"
        label={t('dashboards.widgets.time.fontSize')}
        rules={[{ type: 'number', min: 8, max: 200 }]}
      >
        <InputNumber min={8} max={200} precision={0} suffix="px" />
      </Form.Item>
    </Form>
  );
}
