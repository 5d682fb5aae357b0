// How stored values and their times read wherever a table, a tooltip or a card shows them: a number at its data
// source's decimals in the viewer's locale (never 49.95000000000001), a time in the viewer's zone as people write it
// ("2026-11-21 17:00"), a header with its unit. The one formatter of the console's tables and report charts.
import dayjs from 'dayjs';

import { EMPTY } from '../empty';
import { zoned } from '../timezone';

/** How a time reads in a table: date and minutes. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Decimals shown when the data source does not say (a count, a value of unknown origin): at most this many. */
export const DECIMALS_FALLBACK_MAX = 4;

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, decimals: number | null | undefined): Intl.NumberFormat {
  const tag = locale?.startsWith('zh') ? 'zh-CN' : 'en-US';
  const places =
    typeof decimals === 'number' && Number.isFinite(decimals)
      ? Math.min(20, Math.max(0, Math.round(decimals)))
      : null;
  const key = `${tag}|${String(places)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      tag,
      places === null
        ? { maximumFractionDigits: DECIMALS_FALLBACK_MAX }
        : { minimumFractionDigits: places, maximumFractionDigits: places },
    );
    formats.set(key, format);
  }
  return format;
}

/**
 * A stored number as the viewer reads it: exactly `decimals` places when the data source gives them, else at most
 * DECIMALS_FALLBACK_MAX; digits grouped in the viewer's locale; '' for a gap (or `empty` when given).
 */
export function formatDecimal(
  value: number | null | undefined,
  decimals: number | null | undefined,
  locale?: string,
  empty = '',
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  return numberFormat(locale, decimals).format(value);
}

/** An ISO date or time (`2026-11`, `2026-11-05`, `2026-11-05T14:00:00`, with or without a zone). */
const ISO_TIME = /^\d{4}-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

/** An ISO time that names its zone ('Z' or an offset): an instant, shown in the viewer's zone. One without is a wall
 * clock already (a report's local category) and reads as written. */
const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/** `value` (ms since the epoch, or an ISO time) as a dayjs in the viewer's zone (lib/timezone: the user's effective
 * zone), or null when it is no time. */
export function parseTime(value: number | string | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && !ISO_TIME.test(value)) return null;
  const instant = typeof value === 'number' || WITH_ZONE.test(value);
  const time = instant ? zoned(value) : dayjs(value);
  return time.isValid() ? time : null;
}

/** A time in the viewer's zone ("2026-11-21 17:00", or `format`); what is no time reads as it is, none as '-'. */
export function formatTime(value: number | string | null | undefined, format: string = TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  return parseTime(value)?.format(format) ?? String(value);
}

/** A column's header: its title and, when it has one, its unit ("出水压力 (MPa)"). */
export function withUnit(title: string, unit: string | null | undefined): string {
  return unit ? `${title} (${unit})` : title;
}
