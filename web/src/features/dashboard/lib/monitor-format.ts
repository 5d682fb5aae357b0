// Display helpers of the central monitoring grid.
import dayjs from 'dayjs';

/** Today's reports show the time only; older ones the date too. */
export function formatReportTime(ms: number, now: number = Date.now()): string {
  const time = dayjs(ms);
  return time.isSame(now, 'day') ? time.format('HH:mm:ss') : time.format('YYYY-MM-DD HH:mm');
}
