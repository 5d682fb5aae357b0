// The Live values tab: the device's published data sources by group, seeded by GET /rDev and kept current by the
// WebSocket, with quality tags and a write action on read-write rows.
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Empty, Result, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useDevicePrivileges } from '@/lib/telemetry/device-privileges';
import { useCan } from '@/components/can';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { useRtdStatus, type LiveDevice, type RtdStatus } from '@/lib/ws';
import { useLiveValues } from '@/lib/telemetry/get-live-values';
import { formatTime } from '../../lib/format';
import {
  formatValue,
  groupItems,
  mergeLive,
  noValuesYet,
  QUALITY_COLORS,
  qualityName,
  writeBlock,
  type WriteBlock,
} from '@/lib/telemetry/live';
import type { LiveItem } from '@/lib/telemetry/types';
import { WriteValueModal } from './write-value-modal';
import './telemetry.css';
import { DataTable } from '@/components/table/data-table';

const STATUS_BADGE: Record<RtdStatus, 'processing' | 'default' | 'warning' | 'error'> = {
  open: 'processing',
  connecting: 'default',
  reconnecting: 'warning',
  idle: 'default',
  unauthorized: 'error',
};

export function ConnectionBadge() {
  const { t } = useTranslation();
  const status = useRtdStatus();
  return (
    <Badge
      status={STATUS_BADGE[status]}
      text={t(`telemetry.connection.${status}`)}
      className="live-connection"
      data-status={status}
    />
  );
}

function WriteButton({ block, onClick }: { block: WriteBlock; onClick: () => void }) {
  const { t } = useTranslation();
  const button = (
    <Button size="small" icon={<EditOutlined />} disabled={block !== null} onClick={onClick}>
      {t('telemetry.live.write')}
    </Button>
  );
  return block === null ? button : <Tooltip title={t(`telemetry.live.blocked.${block}`)}>{button}</Tooltip>;
}

interface LiveValuesPanelProps {
  deviceId: number;
  live: LiveDevice;
  /** The device's state from GET /dev/basic, until the socket tells. */
  devState: number | null;
}

export function LiveValuesPanel({ deviceId, live, devState: initialState }: LiveValuesPanelProps) {
  const { t } = useTranslation();
  const query = useLiveValues(deviceId);
  const privileges = useDevicePrivileges(deviceId);
  const canBind = useCan(Perm.TEMPLATE_BIND);
  const navigate = useNavigate();
  const [writing, setWriting] = useState<LiveItem | null>(null);
  const data = query.data;
  const items = useMemo(() => (data ? mergeLive(data.items, live.values) : []), [data, live.values]);
  const groups = useMemo(() => groupItems(items), [items]);
  const devState = live.devState ?? data?.dev_state ?? initialState;
  // The write control is offered only where the server would take a write: /rDev's rights and the role's item.
  const block = writeBlock((data?.can_write ?? false) && privileges.may('write'), devState);
  // The dialog follows the row's latest value.
  const writingItem = writing ? (items.find((i) => i.id === writing.id) ?? writing) : null;

  if (query.isPending) {
    return (
      <Card className="devreg-section">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (query.isError || !data) {
    return (
      <Card className="devreg-section">
        <Result
          status="warning"
          title={t('telemetry.live.loadFailed')}
          subTitle={isApiError(query.error) ? query.error.detail : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('telemetry.live.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (data.template_id === null) {
    return (
      <Card className="devreg-section">
        <Empty
          className="live-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('telemetry.live.noTemplateTitle')}</Typography.Text>
              <Typography.Text type="secondary">{t('telemetry.live.noTemplateDesc')}</Typography.Text>
            </Space>
          }
        >
          {canBind && (
            <Button type="primary" onClick={() => void navigate('/configureManage/templateBind')}>
              {t('telemetry.live.bindTemplate')}
            </Button>
          )}
        </Empty>
      </Card>
    );
  }

  const columns = [
    {
      title: t('telemetry.live.column.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: t('telemetry.live.column.value'),
      key: 'value',
      width: 200,
      render: (_: unknown, item: LiveItem) => (
        <span className="live-value" data-source={item.id}>
          <span className="live-value__number">{formatValue(item.value, item)}</span>
          {item.unit && item.value !== null && <span className="live-value__unit">{item.unit}</span>}
        </span>
      ),
    },
    {
      title: t('telemetry.live.column.time'),
      dataIndex: 'ts',
      key: 'ts',
      width: 180,
      render: (ts: number | null) => <span className="live-time">{formatTime(ts)}</span>,
    },
    {
      title: t('telemetry.live.column.quality'),
      dataIndex: 'quality',
      key: 'quality',
      width: 100,
      render: (q: number | null) => {
        const name = qualityName(q);
        return (
          <Tag variant="filled" color={QUALITY_COLORS[name]} data-quality={name}>
            {t(`telemetry.live.quality.${name}`)}
          </Tag>
        );
      },
    },
    {
      title: t('telemetry.live.column.rw'),
      dataIndex: 'rw',
      key: 'rw',
      width: 100,
      render: (rw: string) => (
        <Tag variant="outlined" color={rw === 'rw' ? 'blue' : 'default'}>
          {t(rw === 'rw' ? 'telemetry.live.rw.rw' : 'telemetry.live.rw.r')}
        </Tag>
      ),
    },
    {
      title: t('telemetry.live.column.action'),
      key: 'action',
      width: 110,
      render: (_: unknown, item: LiveItem) =>
        item.rw === 'rw' ? (
          <WriteButton
            block={block}
            onClick={() => {
              setWriting(item);
            }}
          />
        ) : null,
    },
  ];

  return (
    <Card
      className="devreg-section live-panel"
      title={
        <Space size={12} wrap>
          <ConnectionBadge />
          {data.template_version !== null && (
            <Tag variant="filled">
              {t('telemetry.live.templateVersion', { version: data.template_version })}
            </Tag>
          )}
          <Typography.Text type="secondary" className="live-panel__count">
            {t('telemetry.live.sources', { count: items.length })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Button
          type="text"
          icon={<ReloadOutlined />}
          aria-label={t('telemetry.live.refresh')}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        />
      }
    >
      {devState !== 1 && (
        <Alert
          type="warning"
          showIcon
          className="live-banner"
          title={t('telemetry.live.offlineTitle')}
          description={t('telemetry.live.offlineDesc')}
        />
      )}
      {devState === 1 && noValuesYet(items) && (
        <Alert
          type="info"
          showIcon
          className="live-banner"
          title={t('telemetry.live.waitingTitle')}
          description={t('telemetry.live.waitingDesc')}
        />
      )}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.live.noItems')} />
      ) : (
        groups.map((group) => (
          <section
            key={group.key}
            className="live-group"
            aria-label={group.name ?? t('telemetry.live.ungrouped')}
          >
            {groups.length > 1 && (
              <div className="live-group__title">
                <span>{group.name ?? t('telemetry.live.ungrouped')}</span>
                <Typography.Text type="secondary">
                  {t('telemetry.live.sources', { count: group.items.length })}
                </Typography.Text>
              </div>
            )}
            <DataTable<LiveItem>
              rowKey="id"
              size="middle"
              className="live-table"
              tableLayout="fixed"
              pagination={false}
              dataSource={group.items}
              columns={columns}
              scroll={{ x: 860 }}
            />
          </section>
        ))
      )}
      <WriteValueModal
        deviceId={deviceId}
        item={writingItem}
        passwordRequired={data.password_required}
        onClose={() => {
          setWriting(null);
        }}
      />
    </Card>
  );
}
