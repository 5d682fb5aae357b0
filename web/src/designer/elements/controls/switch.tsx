// The switch (issue 15 point 3): shows whether the bound value is its on value and writes the other one.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { SYMBOL_FILL_DARK } from '../../symbols/style';
import type { BoundValue, ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { ColorField, SettingsFormFrame, WriteRuleFields } from './settings-form';
import { defaultWriteRules, textSetting, writableSetting } from './settings';
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
  const onValue = writableSetting(settings, 'on_value', 1);
  const offValue = writableSetting(settings, 'off_value', 0);
  const on = control.live && isOn(values.value?.value, onValue);
  const label = on
    ? textSetting(settings, 'on_text') || t('designer.controls.switch.on')
    : textSetting(settings, 'off_text') || t('designer.controls.switch.off');
  const color = on
    ? textSetting(settings, 'on_color', ON_COLOR)
    : textSetting(settings, 'off_color', OFF_COLOR);

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

function SwitchSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  return (
    <SettingsFormFrame element={element} onChange={onChange}>
      <Form.Item name="on_value" label={t('designer.controls.switch.onValue')}>
        <Input />
      </Form.Item>
      <Form.Item name="off_value" label={t('designer.controls.switch.offValue')}>
        <Input />
      </Form.Item>
      <Form.Item name="on_text" label={t('designer.controls.switch.onText')}>
        <Input placeholder={t('designer.controls.switch.on')} />
      </Form.Item>
      <Form.Item name="off_text" label={t('designer.controls.switch.offText')}>
        <Input placeholder={t('designer.controls.switch.off')} />
      </Form.Item>
      <ColorField name="on_color" label={t('designer.controls.switch.onColor')} />
      <ColorField name="off_color" label={t('designer.controls.switch.offColor')} />
      <WriteRuleFields />
    </SettingsFormFrame>
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
