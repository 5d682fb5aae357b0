// The switch (issue 15 point 3): shows whether the bound value is its on value and writes the other one.
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { SYMBOL_FILL_DARK } from '../../symbols/style';
import type { BoundValue, ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { TextField, useSettingPatch } from '../form';
import { settingOptionalString, settingString } from '../settings';
import { ColourSetting, WriteBindingField, WriteRuleFields } from './control-fields';
import { defaultWriteRules, settingWritable } from './settings';
import { useControlWrite } from './use-control-write';
import './controls.css';

/** The on look is coloured, the off look grey (DESIGN §7: colour only for what is active). */
const ON_COLOR = colors.success;
const OFF_COLOR = SYMBOL_FILL_DARK;

/** Whether a reported value is the switch's on value: 1 and "1" are the same write. */
export function isOn(value: BoundValue['value'] | boolean | undefined, onValue: number | string): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return String(Number(value)) === String(onValue);
  return String(value) === String(onValue);
}

function SwitchElement({ element, mode, values, onWrite }: ElementRenderProps) {
  const { t } = useTranslation();
  const control = useControlWrite({ element, mode, onWrite });
  const { settings } = element;
  const onValue = settingWritable(settings, 'on_value', 1);
  const offValue = settingWritable(settings, 'off_value', 0);
  const on = control.live && isOn(values.value?.value, onValue);
  const label = on
    ? settingString(settings, 'on_text', '') || t('designer.controls.switch.on')
    : settingString(settings, 'off_text', '') || t('designer.controls.switch.off');
  const color = on
    ? (settingOptionalString(settings, 'on_color') ?? ON_COLOR)
    : (settingOptionalString(settings, 'off_color') ?? OFF_COLOR);

  const toggle = () => {
    void control.write(on ? offValue : onValue).then((outcome) => {
      if (!outcome.written && outcome.message) toast.warning(outcome.message);
    });
  };

  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-disabled={!control.live || control.block !== null}
      tabIndex={control.live ? 0 : -1}
      title={control.blockMessage ?? undefined}
      className={`designer-switch${control.live ? '' : ' designer-control--inert'}${control.block ? ' designer-control--blocked' : ''}`}
      style={{ ['--designer-switch-color' as string]: color }}
      onClick={toggle}
    >
      <span className="designer-switch__track" data-on={on}>
        <span className="designer-switch__knob" />
      </span>
      <span className="designer-switch__label">{label}</span>
    </button>
  );
}

function SwitchSettings({ element, dataSources, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  const text = (key: string, label: string, placeholder?: string) => (
    <TextField
      label={label}
      value={settingString(settings, key, '')}
      {...(placeholder ? { placeholder } : {})}
      onChange={(value) => {
        patch.setting(key, value);
      }}
    />
  );
  const colour = (key: string, label: string, fallback: string) => (
    <ColourSetting element={element} patch={patch} label={label} settingKey={key} fallback={fallback} />
  );
  return (
    <>
      <WriteBindingField element={element} dataSources={dataSources} patch={patch} />
      {text('on_value', t('designer.controls.switch.onValue'))}
      {text('off_value', t('designer.controls.switch.offValue'))}
      {text('on_text', t('designer.controls.switch.onText'), t('designer.controls.switch.on'))}
      {text('off_text', t('designer.controls.switch.offText'), t('designer.controls.switch.off'))}
      {colour('on_color', t('designer.controls.switch.onColor'), ON_COLOR)}
      {colour('off_color', t('designer.controls.switch.offColor'), OFF_COLOR)}
      <WriteRuleFields element={element} patch={patch} />
    </>
  );
}

export const switchElement: ElementDefinition = {
  type: 'switch',
  category: 'control',
  i18nKey: 'designer.elements.switch',
  defaultSize: { w: 96, h: 36 },
  defaultSettings: () => ({
    on_value: 1,
    off_value: 0,
    on_text: '',
    off_text: '',
    on_color: ON_COLOR,
    off_color: OFF_COLOR,
    ...defaultWriteRules(),
  }),
  bindingKeys: ['value'],
  stateful: false,
  component: SwitchElement,
  settingsForm: SwitchSettings,
};
