// The one place that holds the time zone every time of the console follows (issue 36 point 3, docs/api-system.md
// "Time zones"): the signed-in user's effective zone (their own, else the tenant's), set from the session payload
// (login, GET /yun/user/config) and when the user changes it. Until then (the login page, a share link, the unit
// tests) the browser's zone. The shared formatters (lib/telemetry/format.ts and the features' format helpers) read
// times through `zoned`, the history chart through `zoneShift`, and the server calls send `viewerZone()` /
// `viewerTz()`.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSyncExternalStore } from 'react';

dayjs.extend(utc);
dayjs.extend(timezone);

let userZone: string | null = null;
const listeners = new Set<() => void>();

/** The browser's IANA zone, UTC when the browser does not say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether the browser knows `zone` (an IANA id). */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the signed-in user's effective zone (null at sign-out: the browser's again). A zone the browser does not
 * know is ignored. */
export function setUserZone(zone: string | null | undefined): void {
  const next = zone && isKnownZone(zone) ? zone : null;
  if (next === userZone) return;
  userZone = next;
  for (const listener of listeners) listener();
}

/** The user's zone when one is set, else null (the browser's zone is in force). */
export function userZoneOrNull(): string | null {
  return userZone;
}

/** The viewer's IANA time zone ('Asia/Shanghai'): the user's effective zone, else the browser's. What the report,
 * export, schedule and analysis calls send as `tz`. */
export function viewerZone(): string {
  return userZone ?? browserZone();
}

/** The offset of `zone` at `ms` in minutes east of UTC (480 in China). */
export function zoneOffset(zone: string, ms: number = Date.now()): number {
  const offset = dayjs(ms).tz(zone).utcOffset();
  return offset === 0 ? 0 : offset;
}

/** The viewer's UTC offset in minutes at `date` (480 in China), as the history and alarm-count calls take it (`tz`). */
export function viewerTz(date: Date = new Date()): number {
  if (userZone) return zoneOffset(userZone, date.getTime());
  const offset = -date.getTimezoneOffset();
  // -0 would print as "0" anyway, but keeps query keys equal.
  return offset === 0 ? 0 : offset;
}

/** A time (ms since the epoch, an ISO time, a Date or a dayjs) as a dayjs in the viewer's zone: its `format`, `hour`
 * and `startOf('day')` read the user's wall clock. Without a user zone, a plain dayjs (the browser's zone). */
export function zoned(value?: number | string | Date | dayjs.Dayjs | null): dayjs.Dayjs {
  const time = dayjs(value ?? undefined);
  return userZone && time.isValid() ? time.tz(userZone) : time;
}

/** A wall-clock time written in the viewer's zone ('2026-12-01 08:00') as a dayjs of that instant: the start of a
 * history day is that day's midnight in the user's zone. */
export function parseZoned(text: string): dayjs.Dayjs {
  return userZone ? dayjs.tz(text, userZone) : dayjs(text);
}

/** The instant a date picker's value names on the viewer's wall clock: a value the picker made from the browser's
 * clock (a day clicked with nothing chosen yet) is read again in the user's zone. */
export function fromWallClock(value: dayjs.Dayjs): dayjs.Dayjs {
  return parseZoned(value.format('YYYY-MM-DD HH:mm:ss.SSS'));
}

/** The first and the last ms of the day a date picker's value names, in the viewer's zone. */
export function zoneDayStart(value: dayjs.Dayjs): number {
  return parseZoned(value.format('YYYY-MM-DD')).valueOf();
}

export function zoneDayEnd(value: dayjs.Dayjs): number {
  return parseZoned(value.add(1, 'day').format('YYYY-MM-DD')).valueOf() - 1;
}

/** `ms` formatted in `zone` (a picker's preview of a zone not in force yet). */
export function formatIn(zone: string, ms: number, format: string): string {
  return isKnownZone(zone) ? dayjs(ms).tz(zone).format(format) : '';
}

/** `ms` formatted in the viewer's zone. */
export function formatZoned(ms: number | string | Date, format: string): string {
  return zoned(ms).format(format);
}

/** How far the viewer's wall clock is ahead of UTC at `ms`, in ms, when a user zone is set; null without one. The
 * history chart draws its points shifted by it on a UTC axis, so its hour labels are the user's. */
export function zoneShift(ms: number): number | null {
  return userZone ? zoneOffset(userZone, ms) * 60_000 : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The viewer's zone for a component that re-renders when it changes. */
export function useViewerZone(): string {
  return useSyncExternalStore(subscribe, viewerZone, viewerZone);
}
