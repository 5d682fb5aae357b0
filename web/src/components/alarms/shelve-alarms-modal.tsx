// Shelves one or more alarms (POST /rAlarmDev/shelve): a duration (30 min, 1 h, 4 h, 8 h, 24 h or a number of
// minutes, 5 minutes to 7 days) and a reason (required, ≤ 200 characters, kept in the user log). Used by the
// real-time alarm page (a row, the selection) and the console's alarm banner.
import { Form, Input, InputNumber, Radio, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ALARM_SHELVE_MAX_MINUTES,
  ALARM_SHELVE_MIN_MINUTES,
  formatShelvedUntil,
  isShelveMinutes,
  SHELVE_PRESETS,
  useShelveAlarms,
} from '@/lib/alarms/shelve-alarms';
import type { AlarmOut } from '@/lib/alarms/types';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { ALARM_NOTE_MAX } from '@/types/limits.gen';
import { FormModal } from '../form-modal';
import { perOpening } from '../per-opening';
import './alarms.css';

const CUSTOM = 'custom';

interface ShelveValues {
  duration: number | typeof CUSTOM;
  custom?: number | null;
  reason: string;
}

/** The preset first chosen. */
export const DEFAULT_SHELVE_MINUTES = 60;

/** "30 分钟", "4 小时": a preset's label. */
export function shelveDurationLabel(t: TFunction, minutes: number): string {
  return minutes % 60 === 0
    ? t('telemetry.alarm.shelve.hours', { count: minutes / 60 })
    : t('telemetry.alarm.shelve.minutes', { count: minutes });
}

/** An alarm to shelve: its id, and its names when known. */
export type ShelveTarget = Pick<AlarmOut, 'id'> &
  Partial<Pick<AlarmOut, 'alarm_name' | 'dev_alias' | 'sn_code'>>;

interface ShelveAlarmsModalProps {
  /** The alarms to shelve (a single one is named when its names are given); an empty list closes the dialog. */
  alarms: readonly ShelveTarget[];
  onClose: () => void;
  /** After the server shelved them, with its answer (each alarm's `shelved_until`). */
  onDone?: (shelved: AlarmOut[]) => void;
  /** The server refused (shown in the dialog): 110576 gone, 110577 confirmed already. */
  onFailed?: (error: unknown) => void;
}

export const ShelveAlarmsModal = perOpening(
  function ShelveAlarmsModal({ alarms, onClose, onDone, onFailed }: ShelveAlarmsModalProps) {
    const { t } = useTranslation();
    const [form] = Form.useForm<ShelveValues>();
    const shelve = useShelveAlarms();
    const [error, setError] = useState<string | null>(null);
    const duration = Form.useWatch('duration', form);
    const count = alarms.length;
    const only = count === 1 ? alarms[0] : undefined;

    const submit = async (values: ShelveValues) => {
      const minutes = values.duration === CUSTOM ? values.custom : values.duration;
      if (!isShelveMinutes(minutes)) return;
      setError(null);
      try {
        const shelved = await shelve.mutateAsync({
          ids: alarms.map((a) => a.id),
          minutes,
          reason: values.reason.trim(),
        });
        const until = shelved.find((a) => typeof a.shelved_until === 'number')?.shelved_until;
        toast.success(
          t('telemetry.alarm.shelve.done', {
            count,
            time: formatShelvedUntil(until ?? Date.now() + minutes * 60_000),
          }),
        );
        onDone?.(shelved);
        onClose();
      } catch (caught) {
        // A reason the server refused shows under it; anything else (110576, 110577) above the buttons.
        setError(applyServerError(form, caught, ['reason']));
        onFailed?.(caught);
      }
    };

    return (
      <FormModal<ShelveValues>
        open={count > 0}
        title={t('telemetry.alarm.shelve.title', { count })}
        width={520}
        form={form}
        name="shelve-alarms"
        initialValues={{ duration: DEFAULT_SHELVE_MINUTES, reason: '' }}
        loading={shelve.isPending}
        error={error}
        onErrorChange={setError}
        onClose={onClose}
        onFinish={submit}
        okText={t('telemetry.alarm.shelve.ok')}
        intro={
          <>
            {only?.alarm_name && (
              <Typography.Paragraph strong className="shelve-alarms__target">
                {[only.dev_alias || only.sn_code, only.alarm_name].filter(Boolean).join(' · ')}
              </Typography.Paragraph>
            )}
            <Typography.Paragraph type="secondary">{t('telemetry.alarm.shelve.hint')}</Typography.Paragraph>
          </>
        }
      >
        <Form.Item name="duration" label={t('telemetry.alarm.shelve.duration')}>
          <Radio.Group
            optionType="button"
            className="shelve-alarms__durations"
            options={[
              ...SHELVE_PRESETS.map((minutes) => ({
                value: minutes,
                label: shelveDurationLabel(t, minutes),
              })),
              { value: CUSTOM, label: t('telemetry.alarm.shelve.custom') },
            ]}
          />
        </Form.Item>
        {duration === CUSTOM && (
          <Form.Item
            name="custom"
            label={t('telemetry.alarm.shelve.customLabel')}
            rules={[
              {
                validator: (_rule, value: unknown) =>
                  isShelveMinutes(value)
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(
                          t('telemetry.alarm.shelve.minutesRange', {
                            min: ALARM_SHELVE_MIN_MINUTES,
                            max: ALARM_SHELVE_MAX_MINUTES,
                          }),
                        ),
                      ),
              },
            ]}
          >
            {/* No min/max here: a number out of range is told by the rule above, not silently changed. */}
            <InputNumber
              className="shelve-alarms__minutes"
              autoFocus
              suffix={t('telemetry.alarm.shelve.minutesUnit')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('telemetry.alarm.shelve.reason')}
          rules={[
            { required: true, whitespace: true, message: t('telemetry.alarm.shelve.reasonRequired') },
            { max: ALARM_NOTE_MAX, message: t('telemetry.alarm.shelve.reasonMax', { max: ALARM_NOTE_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={ALARM_NOTE_MAX}
            showCount
            placeholder={t('telemetry.alarm.shelve.reasonPlaceholder', { max: ALARM_NOTE_MAX })}
          />
        </Form.Item>
      </FormModal>
    );
  },
  { isOpen: (props) => props.alarms.length > 0 },
);
