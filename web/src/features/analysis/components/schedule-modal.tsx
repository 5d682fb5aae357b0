// A report's schedule (P61100; the report list opens it): on or off, daily, weekly (a weekday) or monthly (a day
// 1–28) at an hour in a time zone, and up to 10 addresses the file is mailed to (each a user of the tenant or verified
// by its owner: the dialog shows which and sends verifications); the next and the last run, what its mail did, with
// the way to the last file in the export centre; delete.
import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Segmented, Select, Skeleton, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FormModal } from '@/components/form-modal';
import { EMPTY } from '@/lib/empty';
import { EXPORT_CENTER_PATH } from '@/lib/exports';
import { applyServerError } from '@/lib/form-errors';
import { isApiError } from '@/lib/http';
import { viewerZone, zoned } from '@/lib/timezone';
import { toast } from '@/lib/toast';
import { useDeleteSchedule, useSaveSchedule, useSchedule } from '../api/report-schedule';
import {
  emailsProblem,
  HOURS,
  invalidEmails,
  MONTHDAYS,
  SCHEDULE_EMAILS_MAX,
  scheduleBody,
  scheduleForm,
  timeZones,
  WEEKDAYS,
  type ScheduleForm,
} from '../lib/schedule';
import { mailProblem, RECIPIENT_NOT_ALLOWED } from '../lib/recipients';
import { ScheduleRecipients } from './schedule-recipients';
import { SCHEDULE_FREQUENCIES, type ScheduleFrequency } from '../flow-types';
import '../analysis.css';
import { perOpening } from '@/components/per-opening';

const FIELDS = ['enabled', 'frequency', 'hour', 'weekday', 'monthday', 'tz', 'emails'] as const;

const time = (ms: number | null | undefined) => (ms ? zoned(ms).format('YYYY-MM-DD HH:mm') : EMPTY);

export interface ScheduleModalProps {
  reportId: number;
  open: boolean;
  onClose: () => void;
}

export const ScheduleModal = perOpening(function ScheduleModal({
  reportId,
  open,
  onClose,
}: ScheduleModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<ScheduleForm>();
  const [error, setError] = useState<string | null>(null);
  const schedule = useSchedule(reportId, open);
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const frequency = Form.useWatch('frequency', form) as ScheduleFrequency | undefined;
  const emails = Form.useWatch('emails', form) as string[] | undefined;
  const zone = viewerZone();
  const current = schedule.data;
  const initial = scheduleForm(current, zone);

  const submit = async (values: ScheduleForm) => {
    try {
      await save.mutateAsync(scheduleBody(reportId, { ...initial, ...values }));
      toast.success(t('analysis.schedule.saved'));
      onClose();
    } catch (caught) {
      // 117805 names the address the tenant may not mail: it belongs under the addresses.
      if (isApiError(caught) && caught.code === RECIPIENT_NOT_ALLOWED) {
        form.setFields([{ name: 'emails', errors: [caught.detail] }]);
        return;
      }
      setError(applyServerError(form, caught, FIELDS));
    }
  };

  const confirmDelete = () => {
    void modal.confirm({
      title: t('analysis.schedule.deleteConfirm'),
      content: t('analysis.schedule.deleteHint'),
      okText: t('analysis.schedule.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        remove.mutateAsync(reportId).then(
          () => {
            toast.success(t('analysis.schedule.deleted'));
            onClose();
          },
          () => undefined,
        ),
    });
  };

  const status = current ? (
    <div className="schedule-status">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'next',
            label: t('analysis.schedule.nextRun'),
            children: current.enabled ? time(current.next_run_at) : t('analysis.schedule.paused'),
          },
          { key: 'last', label: t('analysis.schedule.lastRun'), children: time(current.last_run_at) },
          ...(current.last_mail_state
            ? [
                {
                  key: 'mail',
                  label: t('analysis.schedule.lastMail'),
                  children: (
                    <span>
                      <Tag color={mailProblem(current.last_mail_state) ? 'orange' : 'green'}>
                        {t(`analysis.schedule.mailState.${current.last_mail_state}`)}
                      </Tag>
                      {current.last_mail_note && (
                        <Typography.Text type="secondary">{current.last_mail_note}</Typography.Text>
                      )}
                    </span>
                  ),
                },
              ]
            : []),
          ...(current.last_job_id === null
            ? []
            : [
                {
                  key: 'job',
                  label: t('analysis.schedule.lastJob'),
                  children: (
                    <Link to={EXPORT_CENTER_PATH} onClick={onClose}>
                      {t('analysis.schedule.openLastJob')}
                    </Link>
                  ),
                },
              ]),
        ]}
      />
      <Button
        danger
        size="small"
        icon={<DeleteOutlined />}
        loading={remove.isPending}
        onClick={confirmDelete}
      >
        {t('analysis.schedule.delete')}
      </Button>
    </div>
  ) : null;

  return (
    <FormModal<ScheduleForm>
      open={open}
      title={t('analysis.schedule.title')}
      width={560}
      form={form}
      name="report-schedule"
      initialValues={initial}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={submit}
      intro={status}
      formReady={!schedule.isPending}
      placeholder={<Skeleton active paragraph={{ rows: 6 }} />}
    >
      <Form.Item name="enabled" label={t('analysis.schedule.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="frequency" label={t('analysis.schedule.frequency')} rules={[{ required: true }]}>
        <Segmented<ScheduleFrequency>
          options={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(`analysis.schedule.every.${f}`) }))}
        />
      </Form.Item>
      <div className="schedule-when">
        {frequency === 'weekly' && (
          <Form.Item name="weekday" label={t('analysis.schedule.weekday')} rules={[{ required: true }]}>
            <Select
              aria-label={t('analysis.schedule.weekday')}
              options={WEEKDAYS.map((d) => ({
                value: d,
                label: t(`analysis.schedule.weekdays.${String(d)}`),
              }))}
            />
          </Form.Item>
        )}
        {frequency === 'monthly' && (
          <Form.Item name="monthday" label={t('analysis.schedule.monthday')} rules={[{ required: true }]}>
            <Select
              aria-label={t('analysis.schedule.monthday')}
              options={MONTHDAYS.map((d) => ({
                value: d,
                label: t('analysis.schedule.dayOfMonth', { day: d }),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="hour" label={t('analysis.schedule.hour')} rules={[{ required: true }]}>
          <Select
            aria-label={t('analysis.schedule.hour')}
            options={HOURS.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="tz" label={t('analysis.schedule.tz')} rules={[{ required: true }]}>
        <Select
          showSearch
          aria-label={t('analysis.schedule.tz')}
          options={timeZones(initial.tz).map((z) => ({ value: z, label: z }))}
        />
      </Form.Item>
      <Form.Item
        name="emails"
        label={t('analysis.schedule.emails')}
        extra={t('analysis.schedule.emailsHint', { max: SCHEDULE_EMAILS_MAX })}
        rules={[
          {
            validator: (_rule, value: string[] | undefined) => {
              const emails = value ?? [];
              const problem = emailsProblem(emails);
              if (problem === 'tooMany')
                return Promise.reject(
                  new Error(t('analysis.schedule.emailsTooMany', { max: SCHEDULE_EMAILS_MAX })),
                );
              if (problem === 'invalid')
                return Promise.reject(
                  new Error(
                    t('analysis.schedule.emailsInvalid', { emails: invalidEmails(emails).join(', ') }),
                  ),
                );
              return Promise.resolve();
            },
          },
        ]}
      >
        <Select
          mode="tags"
          aria-label={t('analysis.schedule.emails')}
          tokenSeparators={[',', ';', ' ']}
          open={false}
          suffix={null}
          placeholder={t('analysis.schedule.emailsPlaceholder')}
        />
      </Form.Item>
      <ScheduleRecipients emails={emails ?? []} open={open} />
    </FormModal>
  );
});
