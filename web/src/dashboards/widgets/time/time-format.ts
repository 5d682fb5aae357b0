// The time widget's text: a moment in an IANA zone, in the viewer's language, as date and time, date or time.
import type { SettingsOf } from '../types';

export type TimeFormat = SettingsOf<'time'>['format'];

/** Whether the browser knows `zone` (an IANA name such as 'Asia/Shanghai'). */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const LOCALES: Record<string, string> = { zh: 'zh-CN', en: 'en-GB' };

/** The two lines of the clock: the main one (the time, or the date alone) and the one below (the date), or none. */
export function formatMoment(
  ms: number,
  format: TimeFormat,
  zone: string,
  language: string,
): { main: string; sub: string | null } {
  const locale = LOCALES[language] ?? language;
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
  const weekday = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short' }).format(ms);
  // The weekday apart from the date in both languages (zh-CN runs them together: 2026/11/29周日).
  const date = language === 'en' ? `${weekday}, ${day}` : `${day} ${weekday}`;
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  if (format === 'date') return { main: date, sub: null };
  if (format === 'time') return { main: time, sub: null };
  return { main: time, sub: date };
}

/** The zones the browser lists (a few common ones where it cannot list them). */
export function knownZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (typeof supported === 'function') return supported('timeZone');
  return [
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Asia/Singapore',
    'Europe/London',
    'Europe/Berlin',
    'America/New_York',
    'UTC',
  ];
}
