// The trend chart's data: the window the runtime fills with history, and the live points appended from the bound
// values. Pure, tested without a DOM. The chart's option is components/charts/history (buildTrendOption).
import type { BoundValue } from '../types';
import type { TrendPoint } from './context';
import type { JsonValue } from '../../model/types';
import { settingChoice } from '../settings';
import { settingOptionalNumber } from './settings';

export const TREND_UNITS = ['minute', 'hour'] as const;
const UNIT_MS = { minute: 60_000, hour: 3_600_000 } as const;
/** A screen is watched all day: the live buffer of a series is capped so a chart never grows without end. */
export const TREND_POINTS_MAX = 2000;

/** The history window the chart shows and the runtime fills (settings.window in settings.window_unit). */
export function trendWindowMs(settings: Readonly<Record<string, JsonValue>>): number {
  const window = settingOptionalNumber(settings, 'window');
  const unit = settingChoice(settings, 'window_unit', TREND_UNITS, 'minute');
  return window !== null && window > 0 ? window * UNIT_MS[unit] : UNIT_MS.hour;
}

export type LiveBuffer = Readonly<Record<string, readonly TrendPoint[]>>;

/** The buffer with each drawn key's value appended when it is a number reported after the key's last point;
 * points older than the window behind the newest are dropped. Returns the same buffer when nothing changed. */
export function appendLive(
  buffer: LiveBuffer,
  values: Readonly<Record<string, BoundValue | undefined>>,
  keys: readonly string[],
  windowMs: number,
): LiveBuffer {
  let next: Record<string, readonly TrendPoint[]> | null = null;
  for (const key of keys) {
    const bound = values[key];
    if (!bound || typeof bound.value !== 'number' || !Number.isFinite(bound.value) || bound.ts === null)
      continue;
    const points = buffer[key] ?? [];
    const last = points.at(-1);
    if (last && last[0] >= bound.ts) continue;
    const start = bound.ts - windowMs;
    const kept = points.filter((p) => p[0] >= start).slice(-(TREND_POINTS_MAX - 1));
    next ??= { ...buffer };
    next[key] = [...kept, [bound.ts, bound.value]];
  }
  return next ?? buffer;
}

/** The history's points followed by the live ones reported after them. */
export function joinSeries(
  history: readonly TrendPoint[] | undefined,
  live: readonly TrendPoint[] | undefined,
): TrendPoint[] {
  const past = history ?? [];
  const end = past.at(-1)?.[0] ?? Number.NEGATIVE_INFINITY;
  return [...past, ...(live ?? []).filter((p) => p[0] > end)];
}
