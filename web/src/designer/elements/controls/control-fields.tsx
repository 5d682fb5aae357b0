// The settings fields every control shares, built on the property panel's fields (elements/form): the written data
// source (writable ones only), the range with its lower-below-upper rule, the write rules (confirmation, control
// password), and the unit, decimals, choices and colours more than one control offers.
import { useTranslation } from 'react-i18next';

import { DATA_SOURCE_UNIT_MAX, DECIMALS_MAX } from '@/types/limits.gen';
import {
  BindingField,
  ColourField,
  FieldSection,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
  type SettingPatch,
} from '../form';
import { settingBoolean, settingChoice, settingOptionalString, settingString } from '../settings';
import type { SettingsFormProps } from '../types';
import { PASSWORD_MODES, writeRules } from './settings';
import { controlErrorText, limitsError } from './write-rules';

interface ControlFieldsProps extends Pick<SettingsFormProps, 'element' | 'dataSources'> {
  patch: SettingPatch;
}

type SettingFieldProps = Omit<ControlFieldsProps, 'dataSources'>;

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
export function RangeFields({ element, patch }: SettingFieldProps) {
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
      <DecimalsField value={rules.decimals} patch={patch} />
    </>
  );
}

/** The decimals a value is shown with (0 to DECIMALS_MAX); the caller reads the setting its own way. */
export function DecimalsField({ value, patch }: { value: number | null; patch: SettingPatch }) {
  const { t } = useTranslation();
  return (
    <NumberField
      label={t('designer.controls.field.decimals')}
      value={value}
      min={0}
      max={DECIMALS_MAX}
      precision={0}
      onChange={(decimals) => {
        patch.setting('decimals', decimals);
      }}
    />
  );
}

/** The unit written after the value, no longer than a data source's unit. */
export function UnitField({ element, patch }: SettingFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('designer.controls.field.unit')}
      value={settingString(element.settings, 'unit', '')}
      maxLength={DATA_SOURCE_UNIT_MAX}
      onChange={(unit) => {
        patch.setting('unit', unit);
      }}
    />
  );
}

interface ChoiceFieldProps<T extends string> extends SettingFieldProps {
  label: string;
  settingKey: string;
  choices: readonly T[];
  /** What an unset or unknown setting stands for, and what a cleared select stores. */
  fallback: T;
  /** The i18n key under which each choice is named (`${labelKey}.${choice}`). */
  labelKey: string;
}

/** One of a fixed list of choices, each named by its i18n key. */
export function ChoiceField<T extends string>({
  element,
  patch,
  label,
  settingKey,
  choices,
  fallback,
  labelKey,
}: ChoiceFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      value={settingChoice(element.settings, settingKey, choices, fallback)}
      options={choices.map((choice) => ({ value: choice, label: t(`${labelKey}.${choice}`) }))}
      onChange={(choice) => {
        patch.setting(settingKey, choice ?? fallback);
      }}
    />
  );
}

/** A colour setting, showing the colour the control draws while it is unset. */
export function ColourSetting({
  element,
  patch,
  label,
  settingKey,
  fallback,
}: SettingFieldProps & { label: string; settingKey: string; fallback: string }) {
  return (
    <ColourField
      label={label}
      value={settingOptionalString(element.settings, settingKey) ?? fallback}
      onChange={(value) => {
        patch.setting(settingKey, value);
      }}
    />
  );
}

/** Whether a write asks "write X?" first, and which control password the control names; the hint under it says
 * what happens on a device without that password (docs/decisions.md "A control's password"). */
export function WriteRuleFields({ element, patch }: SettingFieldProps) {
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
        extra={t(`designer.controls.passwordHint.${rules.password}`)}
        onChange={(mode) => {
          patch.setting('password', mode ?? 'none');
        }}
      />
    </FieldSection>
  );
}
