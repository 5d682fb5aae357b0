// Full-network monitoring (/operator/health; docs/api-operations.md): the platform's health on one screen — each
// part's state and why, the figures now (read every 5 s), their 24 h trends, gateways online by tenant, the server
// processes, and the alerts with their acknowledgement and their deliveries to the operators. Scope monitoring.
import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Result, Skeleton, Tag, Tooltip } from 'antd';
import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/components/charts/echart';
import { buildHealthTrendOption } from '@/components/charts/health';
import { HEALTH_PARTS } from '@/components/charts/parts/health';
import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { EMPTY } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { colors } from '@/lib/theme';
import { formatTime } from '@/lib/telemetry/format';

import {
  HEALTH_REFRESH_MS,
  useAckAlert,
  useHealth,
  useHealthTrend,
  usePlatformAlerts,
  type Health,
  type HealthMetric,
  type HealthPart,
  type HealthProcess,
  type AlertDelivery,
  type PlatformAlert,
  type TenantGateways,
} from '../api/operator';
import { OperatorFrame } from '../components/operator-frame';
import { bytes, count, decimal, growth, metricFormat, ms, seconds } from '../lib/health-format';

const HOUR_MS = 3_600_000;
const STATE_COLOR: Record<HealthPart['state'], string> = {
  ok: 'success',
  degraded: 'warning',
  down: 'error',
  off: 'default',
};
const TREND_COLOR: Partial<Record<HealthMetric, string>> = {
  gateways_online: colors.success,
  ingest_lag: colors.warning,
  db_rtt_ms: colors.purple,
  history_rows: colors.cyan,
};
const TRENDS: readonly HealthMetric[] = [
  'gateways_online',
  'messages_in',
  'ingest_values',
  'ingest_lag',
  'history_rows',
  'db_rtt_ms',
];

function PartCard({ part }: { part: HealthPart }) {
  const { t } = useTranslation();
  const reason = part.reason
    ? t(`operator.health.reason.${part.reason}`, {
        value: decimal(part.value),
        limit: decimal(part.limit),
      })
    : t('operator.health.reason.ok');
  return (
    <div className={`operator-health__part operator-health__part--${part.state}`} data-part={part.part}>
      <div className="operator-health__part-head">
        <span className="operator-health__part-name">{t(`operator.health.part.${part.part}`)}</span>
        <Tag color={STATE_COLOR[part.state]}>{t(`operator.health.state.${part.state}`)}</Tag>
      </div>
      <div className="operator-health__part-reason">{reason}</div>
    </div>
  );
}

function Tile({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card size="small" className="operator-health__tile">
      <div className="operator-health__tile-title">{title}</div>
      <div className="operator-health__tile-value">{value}</div>
      <div className="operator-health__tile-note">{note ?? '\u00a0'}</div>
    </Card>
  );
}

function Figures({ health }: { health: Health }) {
  const { t } = useTranslation();
  const live = health.processes.filter((p) => p.live).length;
  const { gateways, broker, ingest, history, database, redis, exports } = health;
  return (
    <div className="operator-health__tiles">
      <Tile
        title={t('operator.health.fig.gateways')}
        value={`${count(gateways.online)} / ${count(gateways.total)}`}
        note={t('operator.health.fig.gatewaysNote', { tenants: gateways.tenants.length })}
      />
      <Tile
        title={t('operator.health.fig.connections')}
        value={count(broker.connections)}
        note={t(`operator.health.broker.${broker.kind}`, { defaultValue: broker.kind })}
      />
      <Tile
        title={t('operator.health.fig.messages')}
        value={`${decimal(broker.messages_in_per_s)} / ${decimal(broker.messages_out_per_s)}`}
        note={t('operator.health.fig.messagesNote')}
      />
      <Tile
        title={t('operator.health.fig.throughput')}
        value={decimal(ingest.values_per_s)}
        note={t('operator.health.fig.throughputNote', { rows: decimal(ingest.rows_per_s) })}
      />
      <Tile
        title={t('operator.health.fig.lag')}
        value={seconds(ingest.lag_s)}
        note={t('operator.health.fig.lagNote', {
          pending: count(ingest.pending_rows),
          limit: decimal(ingest.lag_limit_s),
        })}
      />
      <Tile
        title={t('operator.health.fig.history')}
        value={count(history.rows)}
        note={t('operator.health.fig.growth', { value: growth(history.rows_growth_24h) })}
      />
      <Tile
        title={t('operator.health.fig.storage')}
        value={bytes(history.db_bytes)}
        note={
          history.history_bytes !== null
            ? t('operator.health.fig.historyBytes', { value: bytes(history.history_bytes) })
            : t('operator.health.fig.growth', { value: growth(history.bytes_growth_24h, true) })
        }
      />
      <Tile
        title={t('operator.health.fig.database')}
        value={ms(database.rtt_ms)}
        note={t('operator.health.fig.pool', {
          used: count(database.pool_in_use),
          size: count(database.pool_size),
          dialect: database.dialect,
        })}
      />
      <Tile
        title={t('operator.health.fig.redis')}
        value={redis.configured ? ms(redis.rtt_ms) : EMPTY}
        note={
          redis.configured
            ? redis.error || t('operator.health.fig.redisPing')
            : t('operator.health.fig.redisOff')
        }
      />
      <Tile
        title={t('operator.health.fig.exports')}
        value={`${count(exports.queued)} / ${count(exports.running)}`}
        note={t('operator.health.fig.exportsNote', { failed: count(exports.failed_1h) })}
      />
      <Tile
        title={t('operator.health.fig.processes')}
        value={count(live)}
        note={t('operator.health.fig.processesNote', { total: count(health.processes.length) })}
      />
    </div>
  );
}

function Trend({ metric }: { metric: HealthMetric }) {
  const { t } = useTranslation();
  const trend = useHealthTrend(metric);
  const name = t(`operator.health.metric.${metric}`);
  let body;
  const points = trend.data?.points ?? [];
  if (points.length && trend.data)
    body = (
      <EChart
        option={buildHealthTrendOption(
          points,
          trend.data.bucket_s,
          { name, format: metricFormat(metric) },
          TREND_COLOR[metric],
          [trend.dataUpdatedAt - trend.data.hours * HOUR_MS, trend.dataUpdatedAt],
        )}
        parts={HEALTH_PARTS}
        height={160}
        ariaLabel={t('operator.health.trendOf', { name })}
      />
    );
  else if (trend.isPending) body = <Skeleton.Node active className="operator-health__chart-skeleton" />;
  else if (trend.isError) body = <Empty description={t('operator.loadFailed')} />;
  else body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operator.health.noSamples')} />;
  return (
    <Card size="small" title={name} className="operator-health__trend" data-metric={metric}>
      {body}
    </Card>
  );
}

function TenantTable({ tenants }: { tenants: TenantGateways[] }) {
  const { t } = useTranslation();
  const columns: TableColumnType<TenantGateways>[] = [
    { title: t('operator.health.tenant'), dataIndex: 'tenant_name', ellipsis: true },
    {
      title: t('operator.health.online'),
      dataIndex: 'online',
      align: 'right',
      width: 100,
      sorter: (a, b) => a.online - b.online,
      defaultSortOrder: 'descend',
    },
    {
      title: t('operator.health.total'),
      dataIndex: 'total',
      align: 'right',
      width: 120,
      sorter: (a, b) => a.total - b.total,
    },
    {
      title: t('operator.health.ratio'),
      key: 'ratio',
      align: 'right',
      width: 120,
      render: (_, r) => (r.total ? `${Math.round((r.online / r.total) * 100)}%` : EMPTY),
    },
  ];
  return (
    <Card size="small" title={t('operator.health.byTenant')} className="operator-health__table">
      <DataTable<TenantGateways>
        rowKey="tenant_id"
        size="small"
        columns={columns}
        dataSource={tenants}
        pagination={tenants.length > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{ emptyText: t('operator.health.noGateways') }}
      />
    </Card>
  );
}

function ProcessTable({ processes }: { processes: HealthProcess[] }) {
  const { t } = useTranslation();
  const columns: TableColumnType<HealthProcess>[] = [
    { title: t('operator.health.host'), dataIndex: 'host', ellipsis: true },
    { title: 'PID', dataIndex: 'pid', width: 80 },
    {
      title: t('operator.health.processState'),
      key: 'state',
      width: 100,
      render: (_, p) =>
        p.live ? (
          <Tag color="success">{t('operator.health.live')}</Tag>
        ) : (
          <Tag color="error">{t('operator.health.lost')}</Tag>
        ),
    },
    {
      title: t('operator.health.broker.link'),
      key: 'link',
      width: 110,
      render: (_, p) =>
        p.broker === 'off'
          ? t('operator.health.broker.off')
          : p.link_connected
            ? t('operator.health.broker.connected')
            : t('operator.health.broker.disconnected'),
    },
    {
      title: t('operator.health.fig.throughput'),
      dataIndex: 'values_per_s',
      align: 'right',
      width: 110,
      render: (v: number) => decimal(v),
    },
    {
      title: t('operator.health.fig.lag'),
      dataIndex: 'lag_s',
      align: 'right',
      width: 100,
      render: (v: number) => seconds(v),
    },
    {
      title: t('operator.health.started'),
      dataIndex: 'started_at',
      width: 170,
      responsive: ['lg'],
      render: (v: number) => formatTime(v),
    },
    {
      title: t('operator.health.lastSeen'),
      dataIndex: 'last_seen',
      width: 170,
      render: (v: number) => formatTime(v),
    },
  ];
  return (
    <Card size="small" title={t('operator.health.processes')} className="operator-health__table">
      <DataTable<HealthProcess>
        rowKey="holder"
        size="small"
        columns={columns}
        dataSource={processes}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('operator.health.noProcesses') }}
      />
    </Card>
  );
}

const DELIVERY_COLOR: Record<AlertDelivery['state'], string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
};

/** An alert event's deliveries: a tag per channel and address with its state; the address, tries and error on
 * hover. */
function Deliveries({ event, items }: { event: AlertDelivery['event']; items: AlertDelivery[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <div className="operator-health__deliveries" data-event={event}>
      <span className="text-secondary">
        {event === 'opened' ? t('operator.health.alerts.opened') : t('operator.health.alerts.closedNotice')}
      </span>
      {items.map((d) => {
        const label = t('operator.health.alerts.deliveryOf', {
          channel: t(`operator.health.alerts.channel.${d.channel}`),
          state: t(`operator.health.alerts.delivery.${d.state}`),
        });
        const why =
          d.error === 'unconfigured'
            ? t('operator.health.alerts.deliveryUnconfigured')
            : d.error && t('operator.health.alerts.deliveryError', { error: d.error });
        return (
          <Tooltip
            key={`${d.channel}:${d.address}`}
            title={
              <>
                {t('operator.health.alerts.deliveryDetail', {
                  address: d.address || EMPTY,
                  tries: d.tries,
                })}
                {d.sent_at !== null && <div>{formatTime(d.sent_at)}</div>}
                {why && <div>{why}</div>}
              </>
            }
          >
            <Tag color={DELIVERY_COLOR[d.state]} className="operator-health__delivery">
              {label}
            </Tag>
          </Tooltip>
        );
      })}
    </div>
  );
}

function AlertItem({ alert }: { alert: PlatformAlert }) {
  const { t } = useTranslation();
  const ack = useAckAlert();
  return (
    <li className={`operator-health__alert${alert.open ? ' operator-health__alert--open' : ''}`}>
      <div className="operator-health__alert-head">
        <Tag color={alert.open ? 'error' : 'default'}>
          {alert.open ? t('operator.health.alerts.open') : t('operator.health.alerts.closed')}
        </Tag>
        <span className="operator-health__alert-title">
          {t(`operator.health.condition.${alert.condition}`)}
        </span>
        {alert.acked_at ? (
          <Tooltip title={formatTime(alert.acked_at)}>
            <span className="text-secondary">
              <CheckOutlined /> {alert.acked_by_name}
            </span>
          </Tooltip>
        ) : (
          <Button
            size="small"
            loading={ack.isPending}
            onClick={() => ack.mutate(alert.id)}
            aria-label={t('operator.health.alerts.ackOf', {
              name: t(`operator.health.condition.${alert.condition}`),
            })}
          >
            {t('operator.health.alerts.ack')}
          </Button>
        )}
      </div>
      <div className="operator-health__alert-body text-secondary">
        {alert.reason &&
          t(`operator.health.reason.${alert.reason}`, {
            value: decimal(alert.worst ?? alert.value),
            limit: EMPTY,
            defaultValue: alert.reason,
          })}
        {' · '}
        {t('operator.health.alerts.since', { time: formatTime(alert.opened_at) })}
        {alert.closed_at !== null &&
          ` · ${t('operator.health.alerts.until', { time: formatTime(alert.closed_at) })}`}
      </div>
      <Deliveries event="opened" items={alert.deliveries.filter((d) => d.event === 'opened')} />
      <Deliveries event="closed" items={alert.deliveries.filter((d) => d.event === 'closed')} />
      {ack.isError && (
        <div className="operator-health__alert-error">
          {isApiError(ack.error) ? ack.error.detail : t('operator.saveFailed')}
        </div>
      )}
    </li>
  );
}

function Alerts() {
  const { t } = useTranslation();
  const alerts = usePlatformAlerts();
  let body;
  const items = alerts.data?.items ?? [];
  if (items.length)
    body = (
      <ul className="operator-health__alerts">
        {items.map((a) => (
          <AlertItem key={a.id} alert={a} />
        ))}
      </ul>
    );
  else if (alerts.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (alerts.isError) body = <Empty description={t('operator.loadFailed')} />;
  else body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operator.health.alerts.none')} />;
  return (
    <Card
      size="small"
      title={t('operator.health.alerts.title')}
      extra={
        alerts.data ? (
          <span className="text-secondary">
            {t('operator.health.alerts.counts', {
              open: alerts.data.open,
              unacked: alerts.data.unacked,
            })}
          </span>
        ) : null
      }
      className="operator-health__table"
    >
      {body}
    </Card>
  );
}

export default function OperatorHealthPage() {
  const { t } = useTranslation();
  const health = useHealth();
  const data = health.data;

  let body;
  if (health.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (health.isError && !data)
    body = (
      <Result
        status="error"
        title={isApiError(health.error) ? health.error.detail : t('operator.loadFailed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void health.refetch()}>
            {t('operator.retry')}
          </Button>
        }
      />
    );
  else if (data)
    body = (
      <>
        {health.isError && (
          <Alert
            type="warning"
            showIcon
            className="operator-health__stale"
            title={t('operator.health.stale', { time: formatTime(data.at) })}
          />
        )}
        <div className="operator-health__parts">
          {data.parts.map((p) => (
            <PartCard key={p.part} part={p} />
          ))}
        </div>
        <Figures health={data} />
        <h5 className="operator-health__heading">{t('operator.health.trends')}</h5>
        <div className="operator-health__trends">
          {TRENDS.map((m) => (
            <Trend key={m} metric={m} />
          ))}
        </div>
        <div className="operator-health__pair">
          <TenantTable tenants={data.gateways.tenants} />
          <Alerts />
        </div>
        <ProcessTable processes={data.processes} />
      </>
    );

  return (
    <OperatorFrame>
      <PageHeader
        title={t('operator.menu.health')}
        subTitle={
          data
            ? t('operator.health.updated', {
                time: formatTime(data.at, 'HH:mm:ss'),
                every: HEALTH_REFRESH_MS / 1000,
              })
            : t('operator.health.subtitle')
        }
      />
      {body}
    </OperatorFrame>
  );
}
