// Display helpers of the central monitoring grid.
import { zoned } from '@/lib/timezone';

/** Today's reports show the time only; older ones the date too. */
export function formatReportTime(ms: number, now: number = Date.now()): string {
  const time = zoned(ms);
  return time.isSame(zoned(now), 'day') ? time.format('HH:mm:ss') : time.format('YYYY-MM-DD HH:mm');
}
