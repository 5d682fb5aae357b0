// A report's range presets (issue 30 point 7): "the last 24 hours, 7 days, 30 days" instead of a count of buckets.
// In the designer a preset sets the report's bucket and length (24 × hour, 7 × day, 30 × day); in the preview and
// the table view it is a range ending now.
import dayjs, { type Dayjs } from 'dayjs';

import type { TimeUnit } from '../types';

export type ReportRangePreset = '24h' | '7d' | '30d';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const REPORT_RANGE_PRESETS: readonly ReportRangePreset[] = ['24h', '7d', '30d'];

/** What a preset sets in the designer, and the span it covers. */
export const PRESET_SETTINGS: Record<
  ReportRangePreset,
  { time_unit: TimeUnit; time_offset: number; ms: number }
> = {
  '24h': { time_unit: 'hour', time_offset: 24, ms: DAY_MS },
  '7d': { time_unit: 'day', time_offset: 7, ms: 7 * DAY_MS },
  '30d': { time_unit: 'day', time_offset: 30, ms: 30 * DAY_MS },
};

/** The preset a report's bucket and length make, or null (a custom length). */
export function presetOf(
  unit: TimeUnit | null | undefined,
  offset: number | null | undefined,
): ReportRangePreset | null {
  return (
    REPORT_RANGE_PRESETS.find(
      (p) => PRESET_SETTINGS[p].time_unit === unit && PRESET_SETTINGS[p].time_offset === offset,
    ) ?? null
  );
}

/** The preset's range ending at `now` (to the minute), as a range picker takes it. */
export function presetRange(preset: ReportRangePreset, now: number = Date.now()): [Dayjs, Dayjs] {
  const end = dayjs(now).endOf('minute');
  return [end.subtract(PRESET_SETTINGS[preset].ms, 'millisecond').add(1, 'millisecond'), end];
}

/** A range picker's presets in the viewer's language. */
export function pickerPresets(t: (key: string) => string): { label: string; value: () => [Dayjs, Dayjs] }[] {
  return REPORT_RANGE_PRESETS.map((p) => ({
    label: t(`reports.rangePreset.${p}`),
    value: () => presetRange(p),
  }));
}
