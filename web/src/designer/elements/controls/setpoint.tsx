// The setpoint input (issue 15 points 3 and 5, element type `input`): shows the current value, takes a number,
// and writes it on Enter or its button once the control's range (lower below upper), decimals and confirmation
// pass.
import { Button, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatWithUnit } from '@/lib/telemetry/live';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { NumberField, SwitchField, useSettingPatch } from '../form';
import { settingBoolean, settingString } from '../settings';
import { RangeFields, UnitField, WriteBindingField, WriteRuleFields } from './control-fields';
import { defaultWriteRules, settingOptionalNumber } from './settings';
import { useControlWrite } from './use-control-write';
import './controls.css';

function SetpointElement({ element, mode, values, onWrite }: ElementRenderProps) {
  const { t } = useTranslation();
  const { settings } = element;
  const unit = settingString(settings, 'unit', '');
  const step = settingOptionalNumber(settings, 'step');
  const control = useControlWrite({ element, mode, onWrite }, 'value', unit);
  const [draft, setDraft] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const current = control.live ? (values.value?.value ?? null) : null;
  const shown = formatWithUnit(current, {
    data_type: 'float64',
    decimals: settingOptionalNumber(settings, 'decimals'),
    unit,
  });

  const submit = () => {
    if (!control.live || sending) return;
    setSending(true);
    void control
      .write(draft)
      .then((outcome) => {
        setMessage(outcome.written ? null : outcome.message);
        if (outcome.written) setDraft(null);
      })
      .finally(() => {
        setSending(false);
      });
  };

  return (
    <div className={`designer-setpoint${control.live ? '' : ' designer-control--inert'}`}>
      <div className="designer-setpoint__current">
        <span>{t('designer.controls.setpoint.current')}</span>
        <strong data-testid="setpoint-current">{shown}</strong>
      </div>
      <div className="designer-setpoint__entry">
        <InputNumber<number>
          size="small"
          aria-label={t('designer.controls.setpoint.value')}
          className="designer-setpoint__input"
          value={draft}
          readOnly={!control.live}
          tabIndex={control.live ? 0 : -1}
          disabled={control.block !== null}
          step={step !== null && step > 0 ? step : 1}
          {...(unit ? { suffix: unit } : {})}
          status={message ? 'error' : undefined}
          onChange={(value) => {
            setDraft(value);
            setMessage(null);
          }}
          onPressEnter={submit}
        />
        {settingBoolean(settings, 'submit_button', true) && (
          <Button
            size="small"
            type="primary"
            tabIndex={control.live ? 0 : -1}
            disabled={control.block !== null}
            loading={sending}
            onClick={submit}
          >
            {t('designer.controls.setpoint.submit')}
          </Button>
        )}
      </div>
      {(message ?? control.blockMessage) && (
        <div role="alert" className="designer-setpoint__message">
          {message ?? control.blockMessage}
        </div>
      )}
    </div>
  );
}

function SetpointSettings({ element, dataSources, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  return (
    <>
      <WriteBindingField element={element} dataSources={dataSources} patch={patch} />
      <RangeFields element={element} patch={patch} />
      <NumberField
        label={t('designer.controls.field.step')}
        value={settingOptionalNumber(settings, 'step')}
        min={0}
        onChange={(step) => {
          patch.setting('step', step);
        }}
      />
      <UnitField element={element} patch={patch} />
      <SwitchField
        label={t('designer.controls.setpoint.submitButton')}
        value={settingBoolean(settings, 'submit_button', true)}
        onChange={(shown) => {
          patch.setting('submit_button', shown);
        }}
      />
      <WriteRuleFields element={element} patch={patch} />
    </>
  );
}

export const setpointElement: ElementDefinition = {
  type: 'input',
  category: 'control',
  i18nKey: 'designer.elements.input',
  defaultSize: { w: 200, h: 72 },
  defaultSettings: () => ({ ...defaultWriteRules(), step: 1, unit: '', submit_button: true }),
  bindingKeys: ['value'],
  stateful: false,
  component: SetpointElement,
  settingsForm: SetpointSettings,
};
