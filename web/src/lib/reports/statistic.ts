// A statistic as the report charts take it, the viewer's zone, and the refusals that mean a report's device or data
// source is gone (shown as a message in the chart's place, never as an empty chart).
import type { ReportBucket, ReportResult } from '@/components/charts/report';
import { isApiError } from '@/lib/http';
import { viewerZone } from '@/lib/timezone';
import type { ReportStatistic } from './types';

const BUCKETS: readonly ReportBucket[] = ['year', 'month', 'week', 'day', 'hour', 'minute'];

export function toReportResult(s: ReportStatistic): ReportResult {
  return {
    categories: s.categories,
    dimension_is_time: s.dimension_is_time,
    bucket: BUCKETS.find((b) => b === s.bucket) ?? null,
    series: s.series.map((x) => ({
      name: x.name,
      values: x.values,
      min: x.min ?? null,
      max: x.max ?? null,
      unit: x.unit ?? null,
      decimals: x.decimals ?? null,
    })),
    unit: s.unit,
    total_rows: s.total_rows,
  };
}

/** The viewer's IANA zone (the statistic's `tz`): the user's effective zone, else the browser's (lib/timezone). */
export function browserTz(): string {
  return viewerZone();
}

/** The table kind of history data, the one kind a statistic draws for another device than the report's own. */
export const HISTORY_KIND = 6;

/** 118205 (a device of the report was deleted) and 115401 (a data source is no longer published). */
export const MISSING_SOURCE_CODES: ReadonlySet<string> = new Set(['118205', '115401']);

export function isMissingSource(error: unknown): boolean {
  return isApiError(error) && MISSING_SOURCE_CODES.has(error.code);
}

/** 118212 (no such report of the caller: deleted, or never theirs) and 100005 (not found). */
export const REPORT_GONE_CODES: ReadonlySet<string> = new Set(['118212', '100005']);

/** The report itself is gone (a dashboard card naming a deleted report), not merely one of its sources. */
export function isReportGone(error: unknown): boolean {
  return isApiError(error) && REPORT_GONE_CODES.has(error.code);
}

/** Refresh interval in ms for TanStack Query (false: never). */
export function refreshMs(seconds: number | undefined): number | false {
  return seconds && seconds > 0 ? seconds * 1000 : false;
}
