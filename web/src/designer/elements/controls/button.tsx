// The button (issue 15 point 3): writes a fixed value to its bound data source, or runs the element's actions in
// order (jump to a screen, open a pop-up, open a URL; the runtime carries them out through onAction).
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { toast } from '@/lib/toast';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { ActionsField } from './actions-field';
import { ColorField, SettingsFormFrame, WriteRuleFields } from './settings-form';
import { choiceSetting, defaultWriteRules, textSetting, writableSetting } from './settings';
import { useControlWrite } from './use-control-write';
import './controls.css';

export const BUTTON_MODES = ['write', 'actions'] as const;

function ButtonElement({ element, mode, onWrite, onAction }: ElementRenderProps) {
  const { t } = useTranslation();
  const control = useControlWrite({ element, mode, onWrite });
  const { settings } = element;
  const kind = choiceSetting(settings, 'mode', BUTTON_MODES, 'write');
  const blocked = kind === 'write' && control.block !== null;

  const press = () => {
    if (!control.live) return;
    if (kind === 'actions') {
      element.actions.forEach((_action, index) => onAction?.(index));
      return;
    }
    void control.write(writableSetting(settings, 'value', 1)).then((outcome) => {
      if (!outcome.written && outcome.message) toast.warning(outcome.message);
    });
  };

  return (
    <button
      type="button"
      aria-disabled={!control.live || blocked}
      tabIndex={control.live ? 0 : -1}
      title={blocked ? (control.blockMessage ?? undefined) : undefined}
      className={`designer-button${control.live ? '' : ' designer-control--inert'}${blocked ? ' designer-control--blocked' : ''}`}
      style={{
        background: textSetting(settings, 'background', colors.primary),
        color: textSetting(settings, 'color', colors.bgContainer),
      }}
      onClick={press}
    >
      {textSetting(settings, 'text') || t('designer.controls.button.text')}
    </button>
  );
}

function ButtonSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const kind = choiceSetting(element.settings, 'mode', BUTTON_MODES, 'write');
  return (
    <SettingsFormFrame element={element} onChange={onChange}>
      <Form.Item name="text" label={t('designer.controls.button.label')}>
        <Input placeholder={t('designer.controls.button.text')} />
      </Form.Item>
      <Form.Item name="mode" label={t('designer.controls.button.mode')}>
        <Radio.Group
          optionType="button"
          options={BUTTON_MODES.map((m) => ({ value: m, label: t(`designer.controls.button.modes.${m}`) }))}
        />
      </Form.Item>
      {kind === 'write' ? (
        <>
          <Form.Item
            name="value"
            label={t('designer.controls.button.value')}
            extra={t('designer.controls.button.valueHint')}
          >
            <Input />
          </Form.Item>
          <WriteRuleFields />
        </>
      ) : (
        <ActionsField
          actions={element.actions}
          onChange={(actions) => {
            onChange({ actions });
          }}
        />
      )}
      <ColorField name="background" label={t('designer.controls.button.background')} />
      <ColorField name="color" label={t('designer.controls.button.color')} />
    </SettingsFormFrame>
  );
}

export const buttonElement: ElementDefinition = {
  type: 'button',
  category: 'control',
  i18nKey: 'designer.elements.button',
  defaultSize: { w: 96, h: 36 },
  defaultSettings: () => ({
    text: '',
    mode: 'write',
    value: 1,
    background: colors.primary,
    color: colors.bgContainer,
    ...defaultWriteRules(),
  }),
  bindingKeys: ['value'],
  stateful: false,
  component: ButtonElement,
  settingsForm: ButtonSettings,
};
