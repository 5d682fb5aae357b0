// When a notice is to be sent: a date and time after now and within NOTICE_SCHEDULE_MAX_DAYS (the picker offers only
// those days, a few presets, and the server refuses the rest with 117818 on `at`). A scheduled notice opens on its
// time, to move it; the messages runner sends it then.
import { Alert, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { NOTICE_SCHEDULE_MAX_DAYS } from '@/types/limits.gen';
import { useSendNotice } from '../api/board';
import type { NoticeOut } from '../api/system-msg-types';
import {
  defaultSchedule,
  formatSchedule,
  noticeAudience,
  schedulable,
  schedulableDay,
} from '../lib/system-msg';

interface Values {
  at: Dayjs | null;
}

const FIELDS = ['at'] as const;
const FORMAT = 'YYYY-MM-DD HH:mm';

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** Hours and minutes already past today. */
function pastTimes(day: Dayjs | null) {
  const now = dayjs();
  if (!day?.isSame(now, 'day')) return {};
  return {
    disabledHours: () => range(0, now.hour()),
    disabledMinutes: (hour: number) => (hour === now.hour() ? range(0, now.minute() + 1) : []),
  };
}

export interface NoticeScheduleModalProps {
  open: boolean;
  notice: NoticeOut | null;
  onClose: () => void;
  onScheduled?: (notice: NoticeOut) => void;
}

export const NoticeScheduleModal = perOpening(function NoticeScheduleModal({
  open,
  notice,
  onClose,
  onScheduled,
}: NoticeScheduleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const send = useSendNotice();
  const current = notice?.state === 'scheduled' && notice.send_at ? dayjs(notice.send_at) : null;

  const onFinish = async ({ at }: Values) => {
    if (!notice || !at) return;
    try {
      const saved = await send.mutateAsync({ id: notice.id, at: at.startOf('minute').valueOf() });
      toast.success(t('info.systemMsg.schedule.done', { time: formatSchedule(saved.send_at) }));
      onScheduled?.(saved);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    }
  };

  const presets = () => {
    const now = dayjs();
    const nextMonday = now.add((8 - now.day()) % 7 || 7, 'day');
    const inAnHour = now.add(65, 'minute');
    return [
      {
        label: t('info.systemMsg.schedule.inAnHour'),
        value: inAnHour.minute(Math.ceil(inAnHour.minute() / 5) * 5).startOf('minute'),
      },
      {
        label: t('info.systemMsg.schedule.tomorrowMorning'),
        value: now.add(1, 'day').hour(9).startOf('hour'),
      },
      { label: t('info.systemMsg.schedule.nextMonday'), value: nextMonday.hour(9).startOf('hour') },
    ];
  };

  return (
    <FormModal<Values>
      open={open}
      width={480}
      title={current ? t('info.systemMsg.schedule.editTitle') : t('info.systemMsg.schedule.title')}
      form={form}
      name="notice-schedule"
      initialValues={{ at: current && schedulable(current) ? current : defaultSchedule() }}
      loading={send.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('info.systemMsg.schedule.ok')}
      intro={
        notice && (
          <Alert
            className="system-msg__intro"
            type="info"
            showIcon
            title={t('info.systemMsg.schedule.intro', {
              title: notice.title,
              audience: noticeAudience(t, notice, true),
            })}
          />
        )
      }
    >
      <Form.Item
        name="at"
        label={t('info.systemMsg.schedule.at')}
        extra={t('info.systemMsg.schedule.hint', { days: NOTICE_SCHEDULE_MAX_DAYS })}
        rules={[
          { required: true, message: t('info.systemMsg.schedule.required') },
          {
            validator: (_, value: Dayjs | null) =>
              !value || schedulable(value)
                ? Promise.resolve()
                : Promise.reject(
                    new Error(t('info.systemMsg.schedule.invalid', { days: NOTICE_SCHEDULE_MAX_DAYS })),
                  ),
          },
        ]}
      >
        <DatePicker
          className="system-msg__picker"
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          format={FORMAT}
          showNow={false}
          allowClear={false}
          disabledDate={(day) => !schedulableDay(day)}
          disabledTime={pastTimes}
          presets={presets()}
          aria-label={t('info.systemMsg.schedule.at')}
        />
      </Form.Item>
    </FormModal>
  );
});
