// One device's row of a monitoring table as a detail (/monitor/middlewaresDevice/id={device}/module={table}; issue 35,
// docs/api-monitor.md): each column a tile (its value in the table's format and unit, its colour band, greyed when
// out of date, the level of an alarm not recovered yet), live on the socket (or read again every period the viewer's
// setting names), and the trends of the columns chosen (a tile's click adds or removes it) over the last hour, 24 h
// or 7 days through the device's history (GET /hDev, lib/telemetry; the device detail's history chart). A device the
// viewer does not read, or one not bound to the table's template: not found (115501).
import { ArrowLeftOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, Segmented, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { EChart } from '@/components/charts/echart';
import { buildHistoryOption } from '@/components/charts/history';
import { HISTORY_PARTS } from '@/components/charts/parts/history';
import { detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { EMPTY } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { keyedParam, param } from '@/lib/route-params';
import { formatTime } from '@/lib/telemetry/format';
import { useHistory } from '@/lib/telemetry/get-history';
import { buildHistoryParams, presetRange, type RangePreset } from '@/lib/telemetry/history';
import { useFramedLiveDevice } from '@/lib/telemetry/use-framed-live';
import type { HistoryBucket } from '@/lib/telemetry/types';
import { viewerTz } from '@/lib/timezone';
import { HISTORY_SOURCES_MAX, HISTORY_WIDTH_DEFAULT } from '@/types/limits.gen';

import { DEFAULT_SETTING, useMonitorDevice, useMonitorSetting, type MonitorTableLive } from '../api/monitor';
import { bandOf, cellText, isStale, seedCell, titleOf, unitOf, type Cell } from '../lib/cells';
import { useNow } from '../lib/use-now';
import '../monitor.css';

const NOT_FOUND = '115501';
const ONLINE = 1;
const LEVEL_COLORS = ['', 'blue', 'cyan', 'gold', 'volcano', 'red'];
const RANGES: readonly RangePreset[] = ['hour', 'day', 'week'];
/** Raw points over an hour or a day (downsampled to the chart's width on the server); hourly means over a week. */
const BUCKET_OF: Record<RangePreset, HistoryBucket> = { hour: 'raw', day: 'raw', week: 'hour', month: 'day' };
const CHART_HEIGHT = 340;
const NUMERIC = new Set(['bit', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64']);

function Trends({ deviceId, chosen }: { deviceId: number; chosen: readonly number[] }) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<RangePreset>('hour');
  const [range, setRange] = useState<[number, number]>(() => presetRange('hour'));
  const bucket = BUCKET_OF[preset];
  const params = buildHistoryParams(
    deviceId,
    { ids: chosen, start: range[0], end: range[1], bucket, agg: 'avg', fill: 'none', fillValue: null },
    HISTORY_WIDTH_DEFAULT,
    viewerTz(),
  );
  const history = useHistory(params);
  const series = history.data?.series;
  const option = useMemo(
    () => (series && history.data ? buildHistoryOption(series, history.data.bucket, range) : null),
    [series, history.data, range],
  );
  const hasPoints = (series ?? []).some((s) => s.points.length > 0);
  const choose = (next: RangePreset) => {
    setPreset(next);
    setRange(presetRange(next));
  };

  let body;
  if (chosen.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.device.pickTrend')} />;
  else if (history.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (history.isError)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={isApiError(history.error) ? history.error.detail : t('monitor.device.trendFailed')}
      >
        <Button icon={<ReloadOutlined />} onClick={() => void history.refetch()}>
          {t('monitor.retry')}
        </Button>
      </Empty>
    );
  else if (!hasPoints || !option)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.device.noTrend')} />;
  else
    body = (
      <EChart
        option={option}
        parts={HISTORY_PARTS}
        height={CHART_HEIGHT}
        ariaLabel={t('monitor.device.trendChart')}
      />
    );

  return (
    <Card
      size="small"
      title={
        <Space>
          <LineChartOutlined />
          {t('monitor.device.trends')}
        </Space>
      }
      extra={
        <Space wrap>
          <Segmented<RangePreset>
            size="small"
            value={preset}
            onChange={choose}
            options={RANGES.map((r) => ({ value: r, label: t(`monitor.device.range.${r}`) }))}
          />
          <Tooltip title={t('monitor.device.refreshTrend')}>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('monitor.device.refreshTrend')}
              onClick={() => setRange(presetRange(preset))}
            />
          </Tooltip>
        </Space>
      }
      className="iot-monitor-trends"
    >
      <Typography.Paragraph type="secondary" className="iot-monitor-trends-hint">
        {t('monitor.device.trendHint', { max: HISTORY_SOURCES_MAX })}
      </Typography.Paragraph>
      {body}
    </Card>
  );
}

function Detail({
  table,
  deviceId,
  refreshS,
}: {
  table: MonitorTableLive;
  deviceId: number;
  refreshS: number;
}) {
  const { t, i18n } = useTranslation();
  const row = table.rows[0];
  const { design, sources } = table;
  const sourceIds = useMemo(() => design.columns.map((c) => c.source_id), [design]);
  const live = useFramedLiveDevice(deviceId, sourceIds, refreshS === 0);
  const charted = useMemo(
    () =>
      design.columns
        .filter((_column, i) => {
          const type = sources[i]?.data_type;
          return type !== undefined && NUMERIC.has(type);
        })
        .map((c) => c.source_id),
    [design, sources],
  );
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosen = picked ?? charted.slice(0, 1);
  const toggle = (id: number) => {
    if (!charted.includes(id)) return;
    setPicked(
      chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id].slice(-HISTORY_SOURCES_MAX),
    );
  };
  const now = useNow();
  const missing = t('monitor.table.missingSource');
  if (!row) return null;
  const online = (refreshS === 0 ? (live.devState ?? row.dev_state) : row.dev_state) === ONLINE;

  return (
    <>
      <div className="iot-monitor-device-head">
        <Badge
          status={online ? 'success' : 'default'}
          text={online ? t('monitor.table.online') : t('monitor.table.offline')}
        />
        <Typography.Text type="secondary">SN {row.sn_code}</Typography.Text>
        <Typography.Text type="secondary">
          {t('monitor.device.reported', { time: row.report_time ? formatTime(row.report_time) : EMPTY })}
        </Typography.Text>
      </div>
      {design.columns.length === 0 ? (
        <Card>
          <Empty description={t('monitor.device.noColumns')} />
        </Card>
      ) : (
        <div className="iot-monitor-tiles">
          {design.columns.map((column, index) => {
            const source = sources[index] ?? null;
            const pushed = refreshS === 0 ? live.values[column.source_id] : undefined;
            const cell: Cell | null = pushed
              ? { v: pushed.v, ts: pushed.ts, q: pushed.q }
              : seedCell(row, index);
            const text = cellText(cell, column, source, i18n.language);
            const band = bandOf(cell, column.bands);
            const stale = isStale(cell, design.stale_after_s, now);
            const level = row.alarms[index] ?? 0;
            const unit = unitOf(column, source);
            const canChart = charted.includes(column.source_id);
            const on = chosen.includes(column.source_id);
            return (
              <button
                type="button"
                key={column.source_id}
                className={`iot-monitor-tile${stale ? ' iot-monitor-stale' : ''}${on ? ' iot-monitor-tile--on' : ''}`}
                style={{ color: band?.color ?? undefined, background: band?.background ?? undefined }}
                onClick={() => toggle(column.source_id)}
                disabled={!canChart}
                aria-pressed={canChart ? on : undefined}
                data-testid={`tile-${column.source_id}`}
                data-alarm={level || undefined}
                title={
                  cell
                    ? t('monitor.table.updatedAt', { time: formatTime(cell.ts, 'YYYY-MM-DD HH:mm:ss') })
                    : t('monitor.table.noValue')
                }
              >
                <span className="iot-monitor-tile-title">
                  {column.group ? <span className="iot-monitor-tile-group">{column.group} · </span> : null}
                  {titleOf(column, source, missing)}
                  {level > 0 ? (
                    <Tag color={LEVEL_COLORS[level] ?? 'red'} className="iot-monitor-tile-alarm">
                      {t('monitor.device.alarm', { level })}
                    </Tag>
                  ) : null}
                </span>
                <span className="iot-monitor-tile-value">
                  {text === '' ? EMPTY : text}
                  {unit && text !== '' ? <span className="iot-monitor-tile-unit">{unit}</span> : null}
                </span>
                <span className="iot-monitor-tile-foot">
                  {stale
                    ? t('monitor.table.staleHint')
                    : cell
                      ? formatTime(cell.ts, 'HH:mm:ss')
                      : t('monitor.table.noValue')}
                </span>
              </button>
            );
          })}
        </div>
      )}
      <Trends deviceId={deviceId} chosen={chosen} />
    </>
  );
}

export default function MiddlewaresDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { idParam, moduleParam } = useParams();
  const deviceId = param.id.parse(keyedParam(idParam, 'id') ?? '') ?? 0;
  const tableId = param.id.parse(keyedParam(moduleParam, 'module') ?? '') ?? 0;
  const setting = useMonitorSetting().data ?? DEFAULT_SETTING;
  const query = useMonitorDevice(tableId, deviceId, setting.refresh_s);
  const tableLink = `/monitor/middlewares/id=${tableId}`;
  const back = () => void navigate(tableLink);
  const backButton = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('monitor.device.back')} />
  );
  const state = detailState({
    query,
    valid: deviceId > 0 && tableId > 0,
    notFoundCode: NOT_FOUND,
    texts: {
      notFound: t('monitor.device.notFound'),
      notFoundHint: t('monitor.device.notFoundHint'),
      loadFailed: t('monitor.device.loadFailed'),
      backToList: t('monitor.device.back'),
      retry: t('monitor.retry'),
    },
    onBack: back,
    backButton,
  });
  if (state || !query.data) return state;
  const table = query.data;
  const row = table.rows[0];

  return (
    <div className="page">
      <PageHeader
        title={
          <Space>
            {backButton}
            <span>{row?.dev_alias || row?.sn_code}</span>
          </Space>
        }
        subTitle={<Link to={tableLink}>{`${table.template_name} · ${table.name}`}</Link>}
      />
      <Detail table={table} deviceId={deviceId} refreshS={setting.refresh_s} />
    </div>
  );
}
