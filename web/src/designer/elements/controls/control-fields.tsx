// The settings fields every control shares, built on the property panel's fields (elements/form): the written data
// source (writable ones only), the range with its lower-below-upper rule, and the write rules (confirmation,
// control password).
import { useTranslation } from 'react-i18next';

import { DECIMALS_MAX } from '@/types/limits.gen';
import {
  BindingField,
  FieldSection,
  NumberField,
  SelectField,
  SwitchField,
  type SettingPatch,
} from '../form';
import { settingBoolean } from '../settings';
import type { SettingsFormProps } from '../types';
import { PASSWORD_MODES, writeRules } from './settings';
import { controlErrorText, limitsError } from './write-rules';

interface ControlFieldsProps extends Pick<SettingsFormProps, 'element' | 'dataSources'> {
  patch: SettingPatch;
}

/** The data source a control writes (and reads back), under the binding key `value`. */
export function WriteBindingField({ element, dataSources, patch }: ControlFieldsProps) {
  const { t } = useTranslation();
  return (
    <BindingField
      label={t('designer.controls.field.binding')}
      value={element.bindings.value}
      dataSources={dataSources}
      writableOnly
      onChange={(binding) => {
        patch.binding('value', binding);
      }}
    />
  );
}

/** Lower and upper limit and decimals; says at once when the lower limit is not below the upper (110517). */
export function RangeFields({ element, patch }: Omit<ControlFieldsProps, 'dataSources'>) {
  const { t } = useTranslation();
  const rules = writeRules(element.settings);
  const invalid = limitsError(rules);
  return (
    <>
      <NumberField
        label={t('designer.controls.field.min')}
        value={rules.min}
        placeholder={t('designer.controls.field.noLimit')}
        onChange={(min) => {
          patch.setting('min', min);
        }}
      />
      <NumberField
        label={t('designer.controls.field.max')}
        value={rules.max}
        placeholder={t('designer.controls.field.noLimit')}
        onChange={(max) => {
          patch.setting('max', max);
        }}
      />
      {invalid && (
        <div role="alert" className="iot-prop-field__extra iot-prop-field__extra--error">
          {controlErrorText(t, { key: invalid })}
        </div>
      )}
      <NumberField
        label={t('designer.controls.field.decimals')}
        value={rules.decimals}
        min={0}
        max={DECIMALS_MAX}
        precision={0}
        onChange={(decimals) => {
          patch.setting('decimals', decimals);
        }}
      />
    </>
  );
}

/** Whether a write asks "write X?" first, and which control password the runtime asks. */
export function WriteRuleFields({ element, patch }: Omit<ControlFieldsProps, 'dataSources'>) {
  const { t } = useTranslation();
  const rules = writeRules(element.settings);
  return (
    <FieldSection title={t('designer.controls.field.rules')}>
      <SwitchField
        label={t('designer.controls.field.confirm')}
        value={settingBoolean(element.settings, 'confirm', false)}
        onChange={(confirm) => {
          patch.setting('confirm', confirm);
        }}
      />
      <SelectField
        label={t('designer.controls.field.password')}
        value={rules.password}
        options={PASSWORD_MODES.map((mode) => ({
          value: mode,
          label: t(`designer.controls.password.${mode}`),
        }))}
        onChange={(mode) => {
          patch.setting('password', mode ?? 'none');
        }}
      />
    </FieldSection>
  );
}
