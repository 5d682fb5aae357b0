// The viewer's UTC offset in minutes (480 in China), as the history and alarm-count calls take it (`tz`).
export function viewerTz(date: Date = new Date()): number {
  const offset = -date.getTimezoneOffset();
  // -0 would print as "0" anyway, but keeps query keys equal.
  return offset === 0 ? 0 : offset;
}

/** The viewer's IANA time zone ('Asia/Shanghai'), as the report, export and analysis calls take it (`tz`); UTC when
 * the browser does not say. */
export function viewerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
