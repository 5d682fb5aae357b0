// The device's flow card: bind (iccid), package and usage, refresh, activate, edit the card book, unbind.
import { EditOutlined, LinkOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Empty, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { colors } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { useActivateCard } from '../../api/activate-card';
import { useRefreshCard } from '../../api/get-card-info';
import { useUnbindCard } from '../../api/unbind-card';
import { flowUsage, formatDate, formatMb, formatTime } from '../../lib/format';
import type { DeviceDetailOut } from '../../types';
import { EMPTY } from '@/lib/empty';
import { BindCardModal, CardBookModal } from './flow-card-modals';

const STATUS_COLOR: Record<string, string> = { normal: 'green', shutdown: 'red', abnormal: 'orange' };
const USAGE_COLOR = { normal: colors.primary, warning: colors.warning, exhausted: colors.danger } as const;

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
