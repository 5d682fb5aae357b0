// The user's own time zone (issue 36 point 3), opened from the user menu: a zone of GET /yun/timezone or the
// tenant's default. Saved on the server (PUT /yun/timezone/user): it follows the user to every browser, and every time
// of the console, its exports, reports and schedules follow it from the next page drawn.
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { isApiError } from '@/lib/http';
import { useSaveUserZone, useTimeZones } from '@/lib/time-zones/api';
import { FOLLOW, TimeZonePicker } from '@/lib/time-zones/time-zone-picker';
import { formatIn } from '@/lib/timezone';
import { toast } from '@/lib/toast';

interface TimeZoneModalProps {
  open: boolean;
  onClose: () => void;
}

interface Values {
  zone: string;
}

export const TimeZoneModal = perOpening(function TimeZoneModal({ open, onClose }: TimeZoneModalProps) {
  const { t } = useTranslation();
  const zones = useTimeZones(open);
  const save = useSaveUserZone();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const data = zones.data;

  return (
    <FormModal<Values>
      open={open}
      title={t('layout.timeZone.title')}
      width={480}
      form={form}
      name="time-zone"
      initialValues={{ zone: data?.user ?? FOLLOW }}
      formReady={data !== undefined}
      placeholder={
        zones.isError ? (
          <Typography.Text type="danger">{t('layout.timeZone.loadFailed')}</Typography.Text>
        ) : null
      }
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={async (values) => {
        try {
          await save.mutateAsync(values.zone === FOLLOW ? null : values.zone);
          toast.success(t('layout.timeZone.saved'));
          onClose();
        } catch (e) {
          setError(isApiError(e) ? e.detail : String(e));
        }
      }}
    >
      <Form.Item name="zone" label={t('layout.timeZone.label')} extra={t('layout.timeZone.hint')}>
        <TimeZonePicker
          zones={data?.zones ?? []}
          aria-label={t('layout.timeZone.label')}
          followLabel={t('layout.timeZone.follow', { zone: data?.tenant ?? '' })}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {() => {
          const chosen = (form.getFieldValue('zone') as string | undefined) || data?.tenant;
          return chosen ? (
            <Typography.Text type="secondary">
              {t('layout.timeZone.now', {
                time: formatIn(chosen, Date.now(), 'YYYY-MM-DD HH:mm'),
                zone: chosen,
              })}
            </Typography.Text>
          ) : null;
        }}
      </Form.Item>
    </FormModal>
  );
});
