// Display helpers of the traffic and online-time screens (pure).
import { EMPTY } from '@/lib/empty';

const HOUR_MS = 3_600_000;

/** Two decimals at most, no grouping ("1024.5"). */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** MB as shown ("1024.5 MB"); the empty mark for none. */
export function formatMb(mb: number | null | undefined): string {
  return typeof mb === 'number' && Number.isFinite(mb) ? `${String(round2(mb))} MB` : EMPTY;
}

/** Milliseconds as hours, two decimals. */
export function msToHours(ms: number): number {
  return round2(ms / HOUR_MS);
}

/** A progress bar's text: its percentage, "100%" too (antd would draw a bare check mark there). */
export function percentText(percent: number | undefined): string {
  return `${String(percent ?? 0)}%`;
}

/** A 0–1 ratio as a percentage with one decimal (0.8734 → 87.3). */
export function ratioPercent(ratio: number): number {
  return Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
}

export type UsageLevel = 'normal' | 'warning' | 'exhausted';

/** Used share of the package in percent and how it stands against the warning value (remaining ≤ warning). */
export function usageOf(card: {
  total_mb: number;
  used_mb: number;
  remaining_mb: number;
  warning_mb: number;
  warning: boolean;
}): { percent: number; level: UsageLevel } {
  const percent = card.total_mb > 0 ? Math.min(100, Math.max(0, (card.used_mb / card.total_mb) * 100)) : 0;
  const rounded = Math.round(percent * 10) / 10;
  if (card.total_mb > 0 && card.remaining_mb <= 0) return { percent: rounded, level: 'exhausted' };
  if (card.warning || (card.warning_mb > 0 && card.remaining_mb <= card.warning_mb))
    return { percent: rounded, level: 'warning' };
  return { percent: rounded, level: 'normal' };
}

/** A bucket's start as the axis shows it, read from the server's ISO local time without any zone conversion:
 * '2026-11-03T00:00:00' is '11-03' by day, '2026-11' by month, '11-03 14:00' by hour. */
export function bucketLabel(iso: string, bucket: 'day' | 'month' | 'hour'): string {
  const date = iso.slice(0, 10);
  if (bucket === 'month') return date.slice(0, 7);
  if (bucket === 'day') return date.slice(5);
  return `${date.slice(5)} ${iso.slice(11, 13) || '00'}:00`;
}
