// The rule form's trigger: its kind, then the kind's fields (docs/api-automations.md "Triggers"): a threshold's data
// source, comparison, value, hold and hysteresis; a change's data source; an alarm's event and optional data source;
// a schedule's daily time, weekly time and weekdays, or cron. Names under `trigger`, as the server names them.
import { Checkbox, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { DataSourcePicker } from '@/components/pickers/data-source-picker';
import type { TemplateSourceOption } from '@/lib/templates/lookups';
import type { TriggerKind } from '../api';
import {
  ALARM_EVENTS,
  LIMITS,
  newTrigger,
  OP_SIGNS,
  OPS,
  TRIGGER_KINDS,
  WEEKDAYS,
  type ScheduleType,
} from '../lib/rules';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function useOpOptions() {
  const { t } = useTranslation();
  return OPS.map((op) => ({ value: op, label: `${OP_SIGNS[op]} ${t(`configure.automation.op.${op}`)}` }));
}

export function TriggerFields({ sources }: { sources: readonly TemplateSourceOption[] }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`configure.automation.form.${key}`);
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['trigger', 'kind'], form) as TriggerKind | undefined;
  const type = Form.useWatch(['trigger', 'schedule', 'type'], form) as ScheduleType | undefined;
  const opOptions = useOpOptions();
  const sourceRequired = [{ required: true, message: f('sourceRequired') }];

  return (
    <>
      <Form.Item name={['trigger', 'kind']} label={f('triggerKind')} rules={[{ required: true }]}>
        <Select
          onChange={(next: TriggerKind) => {
            // Another kind starts from its own fields at their defaults.
            form.setFieldValue('trigger', newTrigger(next));
          }}
          options={TRIGGER_KINDS.map((value) => ({
            value,
            label: t(`configure.automation.trigger.${value}`),
          }))}
        />
      </Form.Item>
      {(kind === 'threshold' || kind === 'change') && (
        <Form.Item name={['trigger', 'source_id']} label={f('source')} rules={sourceRequired}>
          <DataSourcePicker<number> sources={sources} placeholder={f('sourcePlaceholder')} />
        </Form.Item>
      )}
      {kind === 'threshold' && (
        <div className="automation-form__row">
          <Form.Item name={['trigger', 'op']} label={f('op')} rules={[{ required: true }]}>
            <Select options={opOptions} />
          </Form.Item>
          <Form.Item
            name={['trigger', 'value']}
            label={f('value')}
            rules={[{ required: true, message: f('valueRequired') }]}
          >
            <InputNumber className="automation-form__number" />
          </Form.Item>
          <Form.Item
            name={['trigger', 'hold_s']}
            label={f('holdS')}
            tooltip={f('holdHint')}
            rules={[{ type: 'number', min: 0, max: LIMITS.holdMax, message: f('holdRange') }]}
          >
            <InputNumber min={0} max={LIMITS.holdMax} precision={0} className="automation-form__number" />
          </Form.Item>
          <Form.Item
            name={['trigger', 'hysteresis']}
            label={f('hysteresis')}
            tooltip={f('hysteresisHint')}
            rules={[{ type: 'number', min: 0, message: f('hysteresisRange') }]}
          >
            <InputNumber min={0} className="automation-form__number" />
          </Form.Item>
        </div>
      )}
      {kind === 'alarm' && (
        <div className="automation-form__row">
          <Form.Item name={['trigger', 'event']} label={f('event')} rules={[{ required: true }]}>
            <Select
              options={ALARM_EVENTS.map((value) => ({
                value,
                label: t(`configure.automation.event.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name={['trigger', 'source_id']} label={f('alarmSource')}>
            <DataSourcePicker<number> sources={sources} placeholder={f('anySource')} />
          </Form.Item>
        </div>
      )}
      {kind === 'schedule' && (
        <>
          <Form.Item name={['trigger', 'schedule', 'type']} label={f('scheduleType')}>
            <Radio.Group
              options={(['daily', 'weekly', 'cron'] as const).map((value) => ({
                value,
                label: t(`configure.automation.schedule.${value}`),
              }))}
            />
          </Form.Item>
          {type === 'cron' ? (
            <Form.Item
              name={['trigger', 'schedule', 'cron']}
              label={f('cron')}
              extra={f('cronHint')}
              rules={[{ required: true, whitespace: true, message: f('cronRequired') }]}
            >
              <Input autoComplete="off" placeholder="*/15 * * * *" className="automation-form__mono" />
            </Form.Item>
          ) : (
            <Space wrap align="start">
              <Form.Item
                name={['trigger', 'schedule', 'time']}
                label={f('time')}
                rules={[
                  { required: true, message: f('timeRequired') },
                  { pattern: TIME, message: f('timeInvalid') },
                ]}
              >
                <Input autoComplete="off" placeholder="08:30" inputMode="numeric" maxLength={5} />
              </Form.Item>
              {type === 'weekly' && (
                <Form.Item
                  name={['trigger', 'schedule', 'weekdays']}
                  label={f('weekdays')}
                  rules={[{ required: true, type: 'array', min: 1, message: f('weekdaysRequired') }]}
                >
                  <Checkbox.Group
                    options={WEEKDAYS.map((d) => ({
                      value: d,
                      label: t(`configure.automation.weekday.${String(d)}`),
                    }))}
                  />
                </Form.Item>
              )}
            </Space>
          )}
        </>
      )}
    </>
  );
}
