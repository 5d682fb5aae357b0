// The time ranges of the analysis screens: whole days of the user's zone (lib/timezone), ending now.
import type { Dayjs } from 'dayjs';

import { zoned, zoneDayEnd, zoneDayStart } from '@/lib/timezone';

export type Range = [number, number];

/** The last `days` days: from the start of the day `days - 1` before today to now (to the minute, so a range made
 * twice in a minute is the same query). */
export function lastDays(days: number, now: number = Date.now()): Range {
  const end = zoned(now).endOf('minute');
  return [
    end
      .subtract(days - 1, 'day')
      .startOf('day')
      .valueOf(),
    end.valueOf(),
  ];
}

/** The whole days a picker chose: the start of the first to the end of the last, not past now. */
export function dayRange(start: Dayjs, end: Dayjs, now: number = Date.now()): Range {
  return [zoneDayStart(start), Math.min(zoneDayEnd(end), zoned(now).endOf('minute').valueOf())];
}

export const RANGE_PRESETS = [7, 30, 90] as const;
