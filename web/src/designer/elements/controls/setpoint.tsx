// The setpoint input (issue 15 points 3 and 5, element type `input`): shows the current value, takes a number,
// and writes it on Enter or its button once the control's range (lower below upper), decimals and confirmation
// pass.
import { Button, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatWithUnit } from '@/lib/telemetry/live';
import { DATA_SOURCE_UNIT_MAX } from '@/types/limits.gen';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { RangeFields, SettingsFormFrame, WriteRuleFields } from './settings-form';
import { boolSetting, defaultWriteRules, numberSetting, textSetting } from './settings';
import { useControlWrite } from './use-control-write';
import './controls.css';

function SetpointElement({ element, mode, values, onWrite }: ElementRenderProps) {
  const { t } = useTranslation();
  const { settings } = element;
  const unit = textSetting(settings, 'unit');
  const control = useControlWrite({ element, mode, onWrite }, 'value', unit);
  const [draft, setDraft] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const current = control.live ? (values.value?.value ?? null) : null;
  const shown = formatWithUnit(current, {
    data_type: 'float64',
    decimals: numberSetting(settings, 'decimals'),
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
          {...(numberSetting(settings, 'step') ? { step: numberSetting(settings, 'step') ?? 1 } : {})}
          {...(unit ? { suffix: unit } : {})}
          status={message ? 'error' : undefined}
          onChange={(value) => {
            setDraft(value);
            setMessage(null);
          }}
          onPressEnter={submit}
        />
        {boolSetting(settings, 'submit_button', true) && (
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

function SetpointSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  return (
    <SettingsFormFrame element={element} onChange={onChange}>
      <RangeFields />
      <Form.Item name="step" label={t('designer.controls.field.step')}>
        <InputNumber<number> className="designer-controls-form__number" min={0} />
      </Form.Item>
      <Form.Item name="unit" label={t('designer.controls.field.unit')}>
        <Input maxLength={DATA_SOURCE_UNIT_MAX} />
      </Form.Item>
      <Form.Item
        name="submit_button"
        label={t('designer.controls.setpoint.submitButton')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <WriteRuleFields />
    </SettingsFormFrame>
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
