// The text card's settings: the text (at most 2000 characters), its size (8–200 px), colour, alignment and weight.
import { ColorPicker, Form, Input, InputNumber, Radio, Switch } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';

import { useSettingsForm } from '../common/use-settings-form';
import { textOf, wholeIn } from '../common/values';
import type { SettingsFormProps, SettingsOf } from '../types';

export const TEXT_MAX = 2000;
export const FONT_SIZE_MIN = 8;
export const FONT_SIZE_MAX = 200;

/** A colour picker's value as the server keeps it: '#RRGGBB', or '' for the theme's colour. */
export function hexOf(value: Color | string | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return value.cleared ? '' : value.toHexString().slice(0, 7).toUpperCase();
}

export default function TextSettings({ settings, onChange }: SettingsFormProps<'text'>) {
  const { t } = useTranslation();
  const form = useSettingsForm(settings);
  return (
    <Form<SettingsOf<'text'>>
      form={form}
      layout="vertical"
      initialValues={settings}
      onValuesChange={(_, all) => {
        onChange({
          ...settings,
          ...all,
          font_size: wholeIn(all.font_size, FONT_SIZE_MIN, FONT_SIZE_MAX, settings.font_size),
          text: textOf(all.text, TEXT_MAX),
        });
      }}
    >
      <Form.Item name="text" label={t('dashboards.widgets.text.text')}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={TEXT_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="font_size"
        label={t('dashboards.widgets.text.fontSize')}
        rules={[{ type: 'number', min: FONT_SIZE_MIN, max: FONT_SIZE_MAX }]}
      >
        <InputNumber min={FONT_SIZE_MIN} max={FONT_SIZE_MAX} precision={0} suffix="px" />
      </Form.Item>
      <Form.Item
        name="color"
        label={t('dashboards.widgets.text.color')}
        getValueFromEvent={(value: Color) => hexOf(value)}
      >
        <ColorPicker allowClear format="hex" />
      </Form.Item>
      <Form.Item name="align" label={t('dashboards.widgets.text.align')}>
        <Radio.Group
          optionType="button"
          options={(['left', 'center', 'right'] as const).map((value) => ({
            value,
            label: t(`dashboards.widgets.text.alignOption.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="bold" label={t('dashboards.widgets.text.bold')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
