// How a report's categories read: time buckets as dates (dayjs), numbers in the viewer's locale, and the category
// orders the builders share. Pure, for the builders and their tests.
import { formatDecimal, parseTime } from '@/lib/telemetry/format';

import type { ReportBucket, ReportResult, SortOrder } from './types';

/** Above this many categories a chart draws in ECharts' large mode (bars) or down-samples (lines, LTTB). */
export const LARGE_CATEGORIES = 500;

export function isLarge(result: ReportResult): boolean {
  return result.categories.length > LARGE_CATEGORIES;
}

/** The dayjs format of a bucket's label: year YYYY, month YYYY-MM, week (its first day) and day MM-DD, hour
 * MM-DD HH:00, minute HH:mm; no bucket reads in full. */
export function bucketFormat(bucket: ReportBucket | null): string {
  switch (bucket) {
    case 'year':
      return 'YYYY';
    case 'month':
      return 'YYYY-MM';
    case 'week':
    case 'day':
      return 'MM-DD';
    case 'hour':
      return 'MM-DD HH:00';
    case 'minute':
      return 'HH:mm';
    default:
      return 'YYYY-MM-DD HH:mm';
  }
}

/** The dayjs format of a time in a tooltip: the label's format with the year (and the day for minutes). */
export function bucketTooltipFormat(bucket: ReportBucket | null): string {
  switch (bucket) {
    case 'year':
      return 'YYYY';
    case 'month':
      return 'YYYY-MM';
    case 'week':
    case 'day':
      return 'YYYY-MM-DD';
    case 'hour':
      return 'YYYY-MM-DD HH:00';
    default:
      return 'YYYY-MM-DD HH:mm';
  }
}

/** A category as ms since the epoch (an ISO local time reads in the viewer's zone), or null when it is no time. */
export function categoryTime(category: string): number | null {
  return parseTime(category)?.valueOf() ?? null;
}

/** A time (ms or ISO local) as its bucket reads; what is no time reads as it is. */
export function formatBucket(value: number | string, bucket: ReportBucket | null): string {
  return parseTime(value)?.format(bucketFormat(bucket)) ?? String(value);
}

/** Every category as it reads: bucket-formatted times, other dimensions as they are. */
export function categoryLabels(result: ReportResult): string[] {
  return result.dimension_is_time
    ? result.categories.map((c) => formatBucket(c, result.bucket))
    : [...result.categories];
}

/** A number as the viewer reads it ('' for a gap): at `decimals` places when its data source gives them, else at
 * most 4; grouped digits (lib/telemetry/format). */
export function formatNumber(
  value: number | null | undefined,
  locale?: string,
  decimals?: number | null,
): string {
  return formatDecimal(value, decimals, locale);
}

/** A category as it reads in full in a table: a time with its year (bucketTooltipFormat), anything else as it is. */
export function formatCategory(value: string, bucket: ReportBucket | null): string {
  return parseTime(value)?.format(bucketTooltipFormat(bucket)) ?? value;
}

/** The sum of a row's non-null values, or null when all are gaps. */
export function sumOf(values: readonly (number | null)[]): number | null {
  let total: number | null = null;
  for (const v of values) if (v !== null && Number.isFinite(v)) total = (total ?? 0) + v;
  return total;
}

/** Category indexes in drawing order: as given, or by the category's total over the series (gaps last). Time
 * dimensions keep time order unless `force` (the sorted bar). */
export function categoryOrder(result: ReportResult, sort: SortOrder | undefined, force = false): number[] {
  const indexes = result.categories.map((_c, i) => i);
  if (!sort || (result.dimension_is_time && !force)) return indexes;
  const totals = indexes.map((i) => sumOf(result.series.map((s) => s.values[i] ?? null)));
  const sign = sort === 'asc' ? 1 : -1;
  // Array.prototype.sort is stable: equal totals keep the server's order.
  return indexes.sort((a, b) => {
    const ta = totals[a] ?? null;
    const tb = totals[b] ?? null;
    if (ta === null || tb === null) return ta === tb ? 0 : ta === null ? 1 : -1;
    return sign * (ta - tb);
  });
}
