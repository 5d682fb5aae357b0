// The button (issue 15 point 3): writes a fixed value to its bound data source, or runs the element's actions in
// order (jump to a screen, open a pop-up, open a URL; the runtime carries them out through onAction).
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { toast } from '@/lib/toast';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { ActionsField } from './actions-field';
import { SCREEN_TEXT_MAX } from '@/types/limits.gen';
import { TextField, useSettingPatch } from '../form';
import { settingChoice, settingOptionalString, settingString } from '../settings';
import { ChoiceField, ColourSetting, WriteBindingField, WriteRuleFields } from './control-fields';
import { defaultWriteRules, settingWritable } from './settings';
import { useControlWrite } from './use-control-write';
import './controls.css';

export const BUTTON_MODES = ['write', 'actions'] as const;

function ButtonElement({ element, mode, onWrite, onAction }: ElementRenderProps) {
  const { t } = useTranslation();
  const control = useControlWrite({ element, mode, onWrite });
  const { settings } = element;
  const kind = settingChoice(settings, 'mode', BUTTON_MODES, 'write');
  const blocked = kind === 'write' && control.block !== null;

  const press = () => {
    if (!control.live) return;
    if (kind === 'actions') {
      element.actions.forEach((_action, index) => onAction?.(index));
      return;
    }
    void control.write(settingWritable(settings, 'value', 1)).then((outcome) => {
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
        background: settingOptionalString(settings, 'background') ?? colors.primary,
        color: settingOptionalString(settings, 'color') ?? colors.bgContainer,
      }}
      onClick={press}
    >
      {settingString(settings, 'text', '') || t('designer.controls.button.text')}
    </button>
  );
}

function ButtonSettings({ element, dataSources, screens, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  const kind = settingChoice(settings, 'mode', BUTTON_MODES, 'write');
  const colour = (key: string, label: string, fallback: string) => (
    <ColourSetting element={element} patch={patch} label={label} settingKey={key} fallback={fallback} />
  );
  return (
    <>
      <TextField
        label={t('designer.controls.button.label')}
        value={settingString(settings, 'text', '')}
        placeholder={t('designer.controls.button.text')}
        maxLength={SCREEN_TEXT_MAX}
        onChange={(text) => {
          patch.setting('text', text);
        }}
      />
      <ChoiceField
        element={element}
        patch={patch}
        label={t('designer.controls.button.mode')}
        settingKey="mode"
        choices={BUTTON_MODES}
        fallback="write"
        labelKey="designer.controls.button.modes"
      />
      {kind === 'write' ? (
        <>
          <WriteBindingField element={element} dataSources={dataSources} patch={patch} />
          <TextField
            label={t('designer.controls.button.value')}
            extra={t('designer.controls.button.valueHint')}
            value={String(settingWritable(settings, 'value', 1))}
            onChange={(value) => {
              patch.setting('value', value);
            }}
          />
          <WriteRuleFields element={element} patch={patch} />
        </>
      ) : (
        <ActionsField
          actions={element.actions}
          screens={screens}
          onChange={(actions) => {
            onChange({ actions });
          }}
        />
      )}
      {colour('background', t('designer.controls.button.background'), colors.primary)}
      {colour('color', t('designer.controls.button.color'), colors.bgContainer)}
    </>
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
