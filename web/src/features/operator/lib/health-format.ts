// How the health page reads its figures: counts grouped, rates and times with their units, sizes in KB/MB/GB, a
// growth with its sign; the empty mark for a figure that is not there (not yet sampled, not configured).
import { EMPTY } from '@/lib/empty';
import { formatBytes } from '@/lib/exports';

import type { HealthMetric } from '../api/operator';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function count(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? grouped.format(value) : EMPTY;
}

/** At most one decimal under 100, none above ("0.4", "12.5", "1,204"). */
export function decimal(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return EMPTY;
  return Math.abs(value) < 100 ? String(Math.round(value * 10) / 10) : grouped.format(value);
}

export function ms(value: number | null | undefined): string {
  return typeof value === 'number' ? `${decimal(value)} ms` : EMPTY;
}

export function seconds(value: number | null | undefined): string {
  return typeof value === 'number' ? `${decimal(value)} s` : EMPTY;
}

export function bytes(value: number | null | undefined): string {
  return formatBytes(value);
}

/** "+1,204" / "-3" / "0"; sizes in bytes as "+1.5 MB". */
export function growth(value: number | null | undefined, asBytes = false): string {
  if (typeof value !== 'number') return EMPTY;
  const shown = asBytes ? formatBytes(Math.abs(value)) : count(Math.abs(value));
  if (value > 0) return `+${shown}`;
  return value < 0 ? `−${shown}` : shown;
}

/** How a metric's value reads on its trend. */
export function metricFormat(metric: HealthMetric): (value: number) => string {
  switch (metric) {
    case 'ingest_lag':
      return seconds;
    case 'db_rtt_ms':
    case 'redis_rtt_ms':
      return ms;
    case 'db_bytes':
    case 'history_bytes':
      return bytes;
    case 'messages_in':
    case 'messages_out':
    case 'ingest_values':
      return decimal;
    default:
      return (v) => (Math.abs(v) >= 1000 ? `${decimal(v / 1000)}k` : count(v));
  }
}
