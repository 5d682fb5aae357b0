// The device's flow card: bind (iccid), package and usage, refresh, activate, edit the card book, unbind.
import { EditOutlined, LinkOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Progress,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '../../../components/form-modal';
import { applyServerError } from '../../../lib/form-errors';
import { colors } from '../../../lib/theme';
import { toast } from '../../../lib/toast';
import { useActivateCard } from '../api/activate-card';
import { useBindCard } from '../api/bind-card';
import { useRefreshCard } from '../api/get-card-info';
import { useUnbindCard } from '../api/unbind-card';
import { useUpdateCardInfo } from '../api/update-card-info';
import { flowUsage, formatDate, formatMb, formatTime } from '../lib/format';
import { PACKAGE_NAME_MAX, iccidRules, maxRule } from '../lib/rules';
import type { DeviceDetailOut, FlowCardOut } from '../types';
import { EMPTY } from '../../../lib/empty';

const STATUS_COLOR: Record<string, string> = { normal: 'green', shutdown: 'red', abnormal: 'orange' };
const USAGE_COLOR = { normal: colors.primary, warning: colors.warning, exhausted: colors.danger } as const;

function BindCardModal({
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
        <Input autoComplete="off" maxLength={32} autoFocus className="devreg-mono" />
      </Form.Item>
    </FormModal>
  );
}

interface BookValues {
  package_name: string;
  dates: [Dayjs | null, Dayjs | null] | null;
  total_mb: number | null;
  warning_mb: number | null;
}

function CardBookModal({
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
}

export function FlowCardSection({ device }: { device: DeviceDetailOut }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<'bind' | 'book' | null>(null);
  const refresh = useRefreshCard();
  const activate = useActivateCard();
  const unbind = useUnbindCard();
  const card = device.flow_card_info;
  const owner = device.can_manage && device.registered;

  const actions = card && (
    <Space size={4} wrap>
      <Button
        type="text"
        size="small"
        icon={<ReloadOutlined />}
        loading={refresh.isPending}
        onClick={() => {
          refresh.mutateAsync(device.id).then(
            () => toast.success(t('device.card.refreshed')),
            () => undefined,
          );
        }}
      >
        {t('device.action.refresh')}
      </Button>
      {owner && (
        <>
          <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setDialog('book')}>
            {t('device.card.editBook')}
          </Button>
          {card.operator_state !== 'activated' && (
            <Button
              type="text"
              size="small"
              icon={<ThunderboltOutlined />}
              loading={activate.isPending}
              onClick={() =>
                void modal.confirm({
                  title: t('device.card.activateConfirm', { iccid: card.iccid }),
                  content: t('device.card.activateHint'),
                  okText: t('device.card.activate'),
                  cancelText: t('common.action.cancel'),
                  onOk: () =>
                    activate.mutateAsync(device.id).then(
                      () => toast.success(t('device.card.activated')),
                      () => undefined,
                    ),
                })
              }
            >
              {t('device.card.activate')}
            </Button>
          )}
          <Button
            type="text"
            size="small"
            danger
            onClick={() =>
              void modal.confirm({
                title: t('device.card.unbindConfirm', { iccid: card.iccid }),
                content: t('device.card.unbindHint'),
                okText: t('device.card.unbind'),
                okButtonProps: { danger: true },
                cancelText: t('common.action.cancel'),
                onOk: () =>
                  unbind.mutateAsync(device.id).then(
                    () => toast.success(t('device.card.unbound')),
                    () => undefined,
                  ),
              })
            }
          >
            {t('device.card.unbind')}
          </Button>
        </>
      )}
    </Space>
  );

  let body;
  if (!card) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.card.none')}>
        {owner && (
          <Button type="primary" icon={<LinkOutlined />} onClick={() => setDialog('bind')}>
            {t('device.card.bind')}
          </Button>
        )}
      </Empty>
    );
  } else {
    const usage = flowUsage(card);
    body = (
      <>
        <div className="devreg-card-usage">
          <div className="devreg-card-usage__numbers">
            <Typography.Text type="secondary">{t('device.card.used')}</Typography.Text>
            <Typography.Text strong>
              {t('device.card.usedOf', { used: formatMb(card.used_mb), total: formatMb(card.total_mb) })}
            </Typography.Text>
          </div>
          <Progress
            percent={usage.percent}
            strokeColor={USAGE_COLOR[usage.level]}
            status={usage.level === 'exhausted' ? 'exception' : 'normal'}
            aria-label={t('device.card.used')}
          />
          <Space size={8} wrap>
            <Typography.Text type={usage.level === 'normal' ? 'secondary' : 'warning'}>
              {t('device.card.remainingMb', { remaining: formatMb(card.remaining_mb) })}
            </Typography.Text>
            {usage.level === 'warning' && (
              <Tag color="orange" variant="filled">
                {t('device.card.lowFlow')}
              </Tag>
            )}
            {usage.level === 'exhausted' && (
              <Tag color="red" variant="filled">
                {t('device.card.exhausted')}
              </Tag>
            )}
          </Space>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'iccid',
              label: t('device.card.iccid'),
              span: 2,
              children: <span className="devreg-mono">{card.iccid}</span>,
            },
            { key: 'package', label: t('device.card.package'), children: card.package_name || EMPTY },
            {
              key: 'effective',
              label: t('device.card.effective'),
              children: formatDate(card.effective_date),
            },
            { key: 'expiry', label: t('device.card.expiry'), children: formatDate(card.expiry_date) },
            {
              key: 'status',
              label: t('device.card.status'),
              children: (
                <Tag variant="filled" color={STATUS_COLOR[card.status] ?? 'default'}>
                  {t(`device.card.statusValue.${card.status}`, { defaultValue: card.status })}
                </Tag>
              ),
            },
            {
              key: 'operator',
              label: t('device.card.operatorState'),
              children: t(`device.card.operatorValue.${card.operator_state}`, {
                defaultValue: card.operator_state,
              }),
            },
            {
              key: 'warning',
              label: t('device.card.warningMb'),
              children: `${formatMb(card.warning_mb)} MB`,
            },
            {
              key: 'refreshed',
              label: t('device.card.refreshedAt'),
              children: formatTime(card.refreshed_at),
            },
          ]}
        />
      </>
    );
  }

  return (
    <Card title={t('device.detail.card')} extra={actions} className="devreg-section">
      {body}
      {owner && (
        <BindCardModal open={dialog === 'bind'} deviceId={device.id} onClose={() => setDialog(null)} />
      )}
      {owner && card && (
        <CardBookModal
          open={dialog === 'book'}
          deviceId={device.id}
          card={card}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
