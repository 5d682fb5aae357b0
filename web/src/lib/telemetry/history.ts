// History of a device's data sources: the query the History tab sends (GET /hDev, /yun/his/export) and the line
// chart's ECharts option, both pure so they are tested without a DOM.
import dayjs from 'dayjs';

import type { EChartsOption } from '@/components/charts/echart';
import { unitAxes, unitAxisOptions } from '@/components/charts/unit-axes';
import type { HistoryAgg, HistoryBucket, HistoryFillMode, HistoryParams, HistorySeries } from './types';
import { EMPTY } from '../empty';
import { DECIMALS_FALLBACK_MAX } from './format';
import {
  HISTORY_RANGE_MAX_DAYS,
  HISTORY_SOURCES_MAX,
  HISTORY_WIDTH_DEFAULT,
  HISTORY_WIDTH_MAX,
  HISTORY_WIDTH_MIN,
} from '@/types/limits.gen';

export const BUCKETS: readonly HistoryBucket[] = ['raw', 'minute', 'hour', 'day', 'week', 'month', 'year'];
export const AGGS: readonly HistoryAgg[] = [
  'avg',
  'max',
  'min',
  'sum',
  'count',
  'distinct_count',
  'first',
  'last',
];
export const FILL_MODES: readonly HistoryFillMode[] = [
  'none',
  'null',
  'zero',
  'previous',
  'linear',
  'number',
];

export type RangePreset = 'hour' | 'day' | 'week' | 'month';
export const RANGE_PRESETS: readonly RangePreset[] = ['hour', 'day', 'week', 'month'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PRESET_MS: Record<RangePreset, number> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

/** [start, end] of "the last hour / 24 h / 7 days / 30 days" ending at `now`. */
export function presetRange(preset: RangePreset, now: number = Date.now()): [number, number] {
  return [now - PRESET_MS[preset], now];
}

export interface HistoryForm {
  ids: readonly number[];
  start: number;
  end: number;
  bucket: HistoryBucket;
  agg: HistoryAgg;
  fill: HistoryFillMode;
  /** The number filled into empty buckets when `fill` is 'number'. */
  fillValue: number | null;
}

export type RangeError = 'order' | 'tooLong' | null;

/** Why start…end cannot be asked (end before start, more than 366 days), or null. */
export function rangeError(start: number, end: number): RangeError {
  if (end < start) return 'order';
  if (end - start > HISTORY_RANGE_MAX_DAYS * DAY_MS) return 'tooLong';
  return null;
}

export function clampWidth(width: number | null | undefined): number {
  if (typeof width !== 'number' || !Number.isFinite(width) || width <= 0) return HISTORY_WIDTH_DEFAULT;
  return Math.min(HISTORY_WIDTH_MAX, Math.max(HISTORY_WIDTH_MIN, Math.round(width)));
}

/** The fill parameter as sent: a mode, or the number itself. */
export function fillParam(fill: HistoryFillMode, fillValue: number | null): string {
  if (fill !== 'number') return fill;
  return fillValue === null || !Number.isFinite(fillValue) ? 'none' : String(fillValue);
}

/**
 * GET /hDev parameters, or null when nothing can be asked (no data source, a bad range). `agg` is left out for
 * raw series (the server ignores it), ids are capped at 10.
 */
export function buildHistoryParams(
  deviceId: number,
  form: HistoryForm,
  width: number | null | undefined,
  tz: number,
): HistoryParams | null {
  if (form.ids.length === 0 || rangeError(form.start, form.end) !== null) return null;
  return {
    device_id: deviceId,
    ids: form.ids.slice(0, HISTORY_SOURCES_MAX).join(','),
    start: Math.round(form.start),
    end: Math.round(form.end),
    bucket: form.bucket,
    ...(form.bucket === 'raw' ? {} : { agg: form.agg }),
    fill: fillParam(form.fill, form.fillValue),
    width: clampWidth(width),
    tz,
  };
}

// --- chart -----------------------------------------------------------------------------------------------------

/** How a point's time reads for a bucket. */
export function timeFormat(bucket: HistoryBucket): string {
  switch (bucket) {
    case 'year':
      return 'YYYY';
    case 'month':
      return 'YYYY-MM';
    case 'week':
    case 'day':
      return 'YYYY-MM-DD';
    case 'hour':
    case 'minute':
      return 'YYYY-MM-DD HH:mm';
    default:
      return 'YYYY-MM-DD HH:mm:ss';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function seriesLabel(series: Pick<HistorySeries, 'name' | 'unit'>): string {
  return series.unit ? `${series.name} (${series.unit})` : series.name;
}

/** A point's value at its data source's decimals (at most 4 when unknown), ungrouped; '-' for none. */
export function formatPoint(value: unknown, decimals: number | null): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return EMPTY;
  return decimals === null
    ? String(Number(value.toFixed(DECIMALS_FALLBACK_MAX)))
    : value.toFixed(Math.min(20, Math.max(0, decimals)));
}

interface TooltipParam {
  seriesIndex?: number;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

/**
 * A time-axis line chart of the series. Each unit gets a value axis of its own named by it (left, right, then offset
 * outward: components/charts/unit-axes, as the report charts); series without a unit share one unnamed axis. The
 * tooltip shows each value with its data source's decimals and unit.
 */
export function buildHistoryOption(
  series: readonly HistorySeries[],
  bucket: HistoryBucket,
  range?: readonly [number, number],
): EChartsOption {
  const layout = unitAxes(series.map((s) => s.unit));
  const format = timeFormat(bucket);
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const first = params[0];
        const time = Array.isArray(first?.value) ? (first.value as unknown[])[0] : first?.axisValue;
        const head = typeof time === 'number' ? dayjs(time).format(format) : '';
        const lines = params.map((p) => {
          const s = series[p.seriesIndex ?? -1];
          const value = Array.isArray(p.value) ? (p.value as unknown[])[1] : p.value;
          if (!s) return '';
          const text = formatPoint(value, s.decimals);
          const unit = s.unit && text !== EMPTY ? ` ${escapeHtml(s.unit)}` : '';
          const marker = typeof p.marker === 'string' ? p.marker : '';
          return `${marker}${escapeHtml(s.name)}: <b>${escapeHtml(text)}</b>${unit}`;
        });
        return [escapeHtml(head), ...lines.filter(Boolean)].join('<br/>');
      },
    },
    legend: { top: 0, type: 'scroll', icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
    grid: {
      left: 8 + layout.extra.start,
      right: (layout.axes.length > 1 ? 8 : 24) + layout.extra.end,
      top: 40,
      bottom: 56,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    // The axis spans the asked range, so a sparse series sits where it belongs in it (ECharts would otherwise
    // centre a single point in a day of its own).
    xAxis: {
      type: 'time',
      axisLine: { lineStyle: { color: '#c9cdd4' } },
      ...(range ? { min: range[0], max: range[1] } : {}),
    },
    yAxis: unitAxisOptions(layout, () => ({
      scale: true,
      splitLine: { show: true, lineStyle: { type: 'dashed' } },
    })),
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', height: 20, bottom: 8, filterMode: 'none' },
    ],
    series: series.map((s, index) => ({
      name: seriesLabel(s),
      type: 'line',
      showSymbol: s.points.length <= 60,
      symbolSize: 5,
      connectNulls: false,
      yAxisIndex: layout.axisOf[index] ?? 0,
      lineStyle: { width: 1.5 },
      emphasis: { focus: 'series' },
      data: s.points,
    })),
  };
}

/** `history-IOT0000001-20261121-0930.xlsx` */
export function historyFileName(sn: string, now: Date = new Date()): string {
  return `history-${sn}-${dayjs(now).format('YYYYMMDD-HHmm')}.xlsx`;
}
