// The flow card's dialogs: bind a card by its ICCID, and edit the card book (package, dates, total and warning).
import { Col, DatePicker, Form, Input, InputNumber, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useBindCard } from '../../api/bind-card';
import { useUpdateCardInfo } from '../../api/update-card-info';
import { PACKAGE_NAME_MAX, iccidRules, maxRule } from '../../lib/rules';
import type { FlowCardOut } from '../../types';
import { ICCID_MAX } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

export const BindCardModal = perOpening(function BindCardModal({
  open,
  deviceId,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ iccid: string }>();
  const bind = useBindCard();
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal<{ iccid: string }>
      open={open}
      title={t('device.card.bindTitle')}
      width={480}
      form={form}
      name="device-card-bind"
      initialValues={{ iccid: '' }}
      loading={bind.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      okText={t('device.card.bind')}
      onFinish={async ({ iccid }) => {
        try {
          await bind.mutateAsync({ deviceId, iccid: iccid.trim() });
          toast.success(t('device.card.bound'));
          onClose();
        } catch (e) {
          setError(applyServerError(form, e, ['iccid']));
        }
      }}
    >
      <Form.Item
        name="iccid"
        label={t('device.card.iccid')}
        rules={iccidRules(t)}
        extra={t('device.card.iccidHint')}
      >
        <Input autoComplete="off" maxLength={ICCID_MAX} autoFocus className="devreg-mono" />
      </Form.Item>
    </FormModal>
  );
});

interface BookValues {
  package_name: string;
  dates: [Dayjs | null, Dayjs | null] | null;
  total_mb: number | null;
  warning_mb: number | null;
}

export const CardBookModal = perOpening(function CardBookModal({
  open,
  deviceId,
  card,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  card: FlowCardOut;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BookValues>();
  const update = useUpdateCardInfo();
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal<BookValues>
      open={open}
      title={t('device.card.bookTitle')}
      width={520}
      form={form}
      name="device-card-book"
      initialValues={{
        package_name: card.package_name,
        dates: [
          card.effective_date ? dayjs(card.effective_date) : null,
          card.expiry_date ? dayjs(card.expiry_date) : null,
        ],
        total_mb: card.total_mb,
        warning_mb: card.warning_mb,
      }}
      loading={update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      intro={<Typography.Paragraph type="secondary">{t('device.card.bookIntro')}</Typography.Paragraph>}
      onFinish={async (v) => {
        try {
          await update.mutateAsync({
            device_id: deviceId,
            package_name: v.package_name.trim(),
            effective_date: v.dates?.[0]?.format('YYYY-MM-DD') ?? null,
            expiry_date: v.dates?.[1]?.format('YYYY-MM-DD') ?? null,
            total_mb: v.total_mb ?? 0,
            warning_mb: v.warning_mb ?? 0,
          });
          toast.success(t('device.card.bookSaved'));
          onClose();
        } catch (e) {
          setError(
            applyServerError(form, e, ['package_name', 'dates', 'total_mb', 'warning_mb'], {
              effective_date: 'dates',
              expiry_date: 'dates',
            }),
          );
        }
      }}
      formProps={{ className: 'devreg-form' }}
    >
      <Form.Item
        name="package_name"
        label={t('device.card.package')}
        rules={[
          { required: true, whitespace: true, message: t('device.validation.package.required') },
          maxRule(t, PACKAGE_NAME_MAX),
        ]}
      >
        <Input autoComplete="off" maxLength={PACKAGE_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="dates"
        label={t('device.card.period')}
        rules={[
          {
            validator: (_r, value: BookValues['dates']) =>
              value?.[0] && value[1]?.isBefore(value[0])
                ? Promise.reject(new Error(t('device.validation.period')))
                : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker
          className="devreg-block"
          allowEmpty={[true, true]}
          placeholder={[t('device.card.effective'), t('device.card.expiry')]}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="total_mb"
            label={t('device.card.totalMb')}
            rules={[{ required: true, message: t('device.validation.total.required') }]}
          >
            <InputNumber min={0} precision={2} suffix="MB" className="devreg-block" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="warning_mb"
            label={t('device.card.warningMb')}
            dependencies={['total_mb']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, value: number | null) => {
                  const totalMb = getFieldValue('total_mb') as number | null;
                  return value !== null && totalMb !== null && value > totalMb
                    ? Promise.reject(new Error(t('device.validation.warningAboveTotal')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber min={0} precision={2} suffix="MB" className="devreg-block" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
});
