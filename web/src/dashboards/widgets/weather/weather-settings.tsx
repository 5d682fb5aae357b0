// The weather card's settings: the place's name as shown, its latitude and longitude, and how many days ahead (1–7).
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

import { useSettingsForm } from '../common/use-settings-form';
import { numberIn, textOf, wholeIn } from '../common/values';
import type { SettingsFormProps, SettingsOf } from '../types';

export default function WeatherSettings({ settings, onChange }: SettingsFormProps<'weather'>) {
  const { t } = useTranslation();
  const form = useSettingsForm(settings);
  return (
    <Form<SettingsOf<'weather'>>
      form={form}
      layout="vertical"
      initialValues={settings}
      onValuesChange={(_, all) => {
        onChange({
          city: textOf(all.city, 32),
          lat: numberIn(all.lat, -90, 90, settings.lat),
          lon: numberIn(all.lon, -180, 180, settings.lon),
          days: wholeIn(all.days, 1, 7, settings.days),
        });
      }}
    >
      <Form.Item name="city" label={t('dashboards.widgets.weather.city')}>
        <Input maxLength={32} placeholder={t('dashboards.widgets.weather.cityPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="lat"
        label={t('dashboards.widgets.weather.lat')}
        rules={[{ required: true, type: 'number', min: -90, max: 90 }]}
      >
        <InputNumber min={-90} max={90} step={0.01} precision={4} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="lon"
        label={t('dashboards.widgets.weather.lon')}
        rules={[{ required: true, type: 'number', min: -180, max: 180 }]}
      >
        <InputNumber min={-180} max={180} step={0.01} precision={4} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="days"
        label={t('dashboards.widgets.weather.days')}
        rules={[{ required: true, type: 'number', min: 1, max: 7 }]}
      >
        <InputNumber min={1} max={7} precision={0} />
      </Form.Item>
    </Form>
  );
}
