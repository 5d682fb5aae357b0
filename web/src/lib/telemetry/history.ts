// History of a device's data sources: the query the History tab sends (GET /hDev, /yun/his/export) and how a
// point's value reads, pure so they are tested without a DOM. The line chart's option is components/charts/history.
import dayjs from 'dayjs';

import type { HistoryAgg, HistoryBucket, HistoryFillMode, HistoryParams } from './types';
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

/** A point's value at its data source's decimals (at most 4 when unknown), ungrouped; '-' for none. */
export function formatPoint(value: unknown, decimals: number | null): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return EMPTY;
  return decimals === null
    ? String(Number(value.toFixed(DECIMALS_FALLBACK_MAX)))
    : value.toFixed(Math.min(20, Math.max(0, decimals)));
}

/** `history-IOT0000001-20261121-0930.xlsx` */
export function historyFileName(sn: string, now: Date = new Date()): string {
  return `history-${sn}-${dayjs(now).format('YYYYMMDD-HHmm')}.xlsx`;
}
