// The settings forms' frame and the fields every control shares: write rules (range, confirmation, control
// password). Bindings are the property panel's, listed from each definition's bindingKeys.
import { ColorPicker, Form, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DECIMALS_MAX } from '@/types/limits.gen';
import type { JsonValue } from '../../model/types';
import type { SettingsFormProps } from '../types';
import { PASSWORD_MODES } from './settings';
import { controlErrorText, limitsError } from './write-rules';

interface SettingsFormFrameProps extends Pick<SettingsFormProps, 'element' | 'onChange'> {
  children: ReactNode;
}

/** An antd form over `element.settings`: each change is one undoable step; a cleared number is stored as null. */
export function SettingsFormFrame({ element, onChange, children }: SettingsFormFrameProps) {
  return (
    <Form
      // A new element gets a new form: antd keeps initial values per mount.
      key={element.id}
      layout="vertical"
      size="small"
      initialValues={element.settings}
      className="designer-controls-form"
      onValuesChange={(changed: Record<string, JsonValue>) => {
        const patch = Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v ?? null]));
        onChange({ settings: { ...element.settings, ...patch } });
      }}
    >
      {children}
    </Form>
  );
}

export function ColorField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} getValueFromEvent={(_color: unknown, hex: string) => hex}>
      <ColorPicker format="hex" disabledAlpha showText />
    </Form.Item>
  );
}

/** Lower and upper limit of a written value (110517 when the lower is not below the upper) and its decimals. */
export function RangeFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="min"
        label={t('designer.controls.field.min')}
        dependencies={['max']}
        rules={[
          ({ getFieldValue }) => ({
            validator: () => {
              const min = getFieldValue('min') as number | null | undefined;
              const max = getFieldValue('max') as number | null | undefined;
              return limitsError({ min: min ?? null, max: max ?? null })
                ? Promise.reject(new Error(controlErrorText(t, { key: 'limits' })))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <InputNumber<number>
          className="designer-controls-form__number"
          placeholder={t('designer.controls.field.noLimit')}
        />
      </Form.Item>
      <Form.Item name="max" label={t('designer.controls.field.max')}>
        <InputNumber<number>
          className="designer-controls-form__number"
          placeholder={t('designer.controls.field.noLimit')}
        />
      </Form.Item>
      <Form.Item name="decimals" label={t('designer.controls.field.decimals')}>
        <InputNumber<number>
          className="designer-controls-form__number"
          min={0}
          max={DECIMALS_MAX}
          precision={0}
        />
      </Form.Item>
    </>
  );
}

/** Whether a write asks "write X?" first, and which control password it asks. */
export function WriteRuleFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="confirm" label={t('designer.controls.field.confirm')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('designer.controls.field.password')}
        extra={t('designer.controls.field.passwordHint')}
      >
        <Select
          options={PASSWORD_MODES.map((mode) => ({
            value: mode,
            label: t(`designer.controls.password.${mode}`),
          }))}
        />
      </Form.Item>
    </>
  );
}
