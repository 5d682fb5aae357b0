// The History tab: a line chart of up to 10 data sources over a time range, bucketed, aggregated and filled on
// the server (GET /hDev, sized to the chart's width), and its export through the export centre (lib/exports).
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, InputNumber, Select, Skeleton, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useDevicePrivileges } from '@/lib/telemetry/device-privileges';
import { EChart } from '@/components/charts/echart';
import { buildHistoryOption } from '@/components/charts/history';
import { HISTORY_PARTS } from '@/components/charts/parts/history';
import { DataSourcePicker } from '@/components/pickers/data-source-picker';
import { useStartExport } from '@/lib/exports';
import { isApiError } from '@/lib/http';
import { fromWallClock, viewerTz, zoned } from '@/lib/timezone';
import { historyExportRequest } from '@/lib/telemetry/export-history';
import { useHistory } from '@/lib/telemetry/get-history';
import {
  AGGS,
  BUCKETS,
  buildHistoryParams,
  FILL_MODES,
  presetRange,
  RANGE_PRESETS,
  rangeError,
  type HistoryForm,
  type RangePreset,
} from '@/lib/telemetry/history';
import type { HistoryAgg, HistoryBucket, HistoryFillMode, LiveItem } from '@/lib/telemetry/types';
import { HISTORY_RANGE_MAX_DAYS, HISTORY_SOURCES_MAX, HISTORY_WIDTH_DEFAULT } from '@/types/limits.gen';

const CHART_HEIGHT = 380;
/** The chart width is sent rounded, so a small resize does not ask again. */
const WIDTH_STEP = 50;

function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const w = el.clientWidth;
      // 0 where nothing is laid out (tests): the server's default width.
      setWidth(w > 0 ? Math.round(w / WIDTH_STEP) * WIDTH_STEP : HISTORY_WIDTH_DEFAULT);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, width] as const;
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`history-toolbar__field ${className ?? ''}`}>
      <span className="history-toolbar__label">{label}</span>
      {children}
    </div>
  );
}

interface HistoryPanelProps {
  deviceId: number;
  /** The device's SN (the export names its file on the server). */
  sn: string;
  /** The device's published data sources (GET /rDev). */
  items: readonly LiveItem[];
  loading: boolean;
}

export function HistoryPanel({ deviceId, items, loading }: HistoryPanelProps) {
  const { t } = useTranslation();
  const charted = useMemo(() => items.filter((i) => i.data_type !== 'string'), [items]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const ids = chosen ?? charted.slice(0, 1).map((i) => i.id);
  const [preset, setPreset] = useState<RangePreset | null>('day');
  const [range, setRange] = useState<[number, number]>(() => presetRange('day'));
  const [bucket, setBucket] = useState<HistoryBucket>('raw');
  const [agg, setAgg] = useState<HistoryAgg>('avg');
  const [fill, setFill] = useState<HistoryFillMode>('none');
  const [fillValue, setFillValue] = useState<number | null>(0);
  const [chartRef, width] = useElementWidth<HTMLDivElement>();
  const exporter = useStartExport();
  // The export is offered only to a caller whose role holds it (GET /dev/privileges).
  const privileges = useDevicePrivileges(deviceId);

  const form: HistoryForm = { ids, start: range[0], end: range[1], bucket, agg, fill, fillValue };
  const badRange = rangeError(range[0], range[1]);
  const params = width === null ? null : buildHistoryParams(deviceId, form, width, viewerTz());
  const history = useHistory(params);
  const series = history.data?.series;
  const start = params?.start;
  const end = params?.end;
  const option = useMemo(
    () =>
      series && history.data && start !== undefined && end !== undefined
        ? buildHistoryOption(series, history.data.bucket, [start, end])
        : null,
    [series, history.data, start, end],
  );
  const hasPoints = (series ?? []).some((s) => s.points.length > 0);

  const refresh = () => {
    if (preset) setRange(presetRange(preset));
    else void history.refetch();
  };

  // The file is made in the export centre (asking first over 5000 rows); the toast leads there.
  const runExport = () => {
    if (params) exporter.mutate(historyExportRequest(params));
  };

  // In the user's zone (lib/timezone): the picker shows and edits their wall clock, its days are their days.
  const rangeValue: [Dayjs, Dayjs] = [zoned(range[0]), zoned(range[1])];

  const body = () => {
    if (loading || (history.isPending && params !== null)) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (charted.length === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.history.noSources')} />;
    if (badRange)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(`telemetry.history.rangeError.${badRange}`, { days: HISTORY_RANGE_MAX_DAYS })}
        />
      );
    if (ids.length === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.history.pick')} />;
    if (history.isError)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={isApiError(history.error) ? history.error.detail : t('telemetry.history.loadFailed')}
        >
          <Button onClick={() => void history.refetch()}>{t('telemetry.live.retry')}</Button>
        </Empty>
      );
    if (!hasPoints || !option)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('telemetry.history.noData')} />;
    return (
      <EChart
        option={option}
        parts={HISTORY_PARTS}
        height={CHART_HEIGHT}
        ariaLabel={t('telemetry.history.chart')}
      />
    );
  };

  return (
    <Card className="devreg-section history-panel">
      <div className="history-toolbar">
        <Field label={t('telemetry.history.sources')} className="history-toolbar__sources">
          <DataSourcePicker<number[]>
            mode="multiple"
            maxCount={HISTORY_SOURCES_MAX}
            maxTagCount="responsive"
            aria-label={t('telemetry.history.sources')}
            placeholder={t('telemetry.history.sourcesPlaceholder', { max: HISTORY_SOURCES_MAX })}
            value={ids}
            loading={loading}
            sources={charted}
            onChange={(next) => {
              setChosen(next.slice(0, HISTORY_SOURCES_MAX));
            }}
          />
        </Field>
        <Field label={t('telemetry.history.range')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            aria-label={t('telemetry.history.range')}
            placeholder={[t('telemetry.history.start'), t('telemetry.history.end')]}
            value={rangeValue}
            presets={RANGE_PRESETS.map((p) => ({
              label: t(`telemetry.history.preset.${p}`),
              value: () => {
                const [start, end] = presetRange(p);
                return [zoned(start), zoned(end)];
              },
            }))}
            onChange={(value) => {
              const [picked, pickedEnd] = value ?? [];
              if (!picked || !pickedEnd) return;
              // The hours chosen are the user's (lib/timezone), whatever clock the picker made them on.
              const start = fromWallClock(picked).valueOf();
              const end = fromWallClock(pickedEnd).valueOf();
              const match = RANGE_PRESETS.find((p) => {
                const [ps, pe] = presetRange(p);
                return Math.abs(pe - end) < 60_000 && Math.abs(ps - start) < 60_000;
              });
              setPreset(match ?? null);
              setRange([start, end]);
            }}
          />
        </Field>
        <Field label={t('telemetry.history.bucketLabel')}>
          <Select<HistoryBucket>
            className="history-toolbar__select"
            aria-label={t('telemetry.history.bucketLabel')}
            value={bucket}
            options={BUCKETS.map((b) => ({ value: b, label: t(`telemetry.history.bucket.${b}`) }))}
            onChange={setBucket}
          />
        </Field>
        <Field label={t('telemetry.history.aggLabel')}>
          <Select<HistoryAgg>
            className="history-toolbar__select"
            aria-label={t('telemetry.history.aggLabel')}
            value={agg}
            disabled={bucket === 'raw'}
            options={AGGS.map((a) => ({ value: a, label: t(`telemetry.history.agg.${a}`) }))}
            onChange={setAgg}
          />
        </Field>
        <Field label={t('telemetry.history.fillLabel')}>
          <Select<HistoryFillMode>
            className="history-toolbar__select"
            aria-label={t('telemetry.history.fillLabel')}
            value={fill}
            options={FILL_MODES.map((f) => ({ value: f, label: t(`telemetry.history.fill.${f}`) }))}
            onChange={setFill}
          />
        </Field>
        {fill === 'number' && (
          <Field label={t('telemetry.history.fillValue')}>
            <InputNumber<number>
              aria-label={t('telemetry.history.fillValue')}
              value={fillValue}
              onChange={(v) => {
                setFillValue(v);
              }}
            />
          </Field>
        )}
        <div className="history-toolbar__spacer" />
        <Button
          icon={<ReloadOutlined />}
          loading={history.isFetching}
          onClick={refresh}
          aria-label={t('telemetry.history.refresh')}
        />
        {privileges.may('export') && (
          <Button
            icon={<DownloadOutlined />}
            disabled={!params || !hasPoints}
            loading={exporter.isPending}
            onClick={runExport}
          >
            {t('telemetry.history.export')}
          </Button>
        )}
      </div>
      <div ref={chartRef} className="history-chart">
        {history.data?.downsampled && hasPoints && (
          <Tag className="history-chart__flag" variant="filled">
            {t('telemetry.history.downsampled')}
          </Tag>
        )}
        {body()}
      </div>
      {ids.length >= HISTORY_SOURCES_MAX && (
        <Typography.Text type="secondary">
          {t('telemetry.history.sourcesMax', { max: HISTORY_SOURCES_MAX })}
        </Typography.Text>
      )}
    </Card>
  );
}
