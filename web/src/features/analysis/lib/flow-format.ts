// Display helpers of the traffic and online-time screens (pure). The number and bucket helpers their charts share
// (round2, msToHours, ratioPercent, bucketLabel) are components/charts/usage's.
import { round2 } from '@/components/charts/usage';
import { EMPTY } from '@/lib/empty';

/** MB as shown ("1024.5 MB"); the empty mark for none. */
export function formatMb(mb: number | null | undefined): string {
  return typeof mb === 'number' && Number.isFinite(mb) ? `${String(round2(mb))} MB` : EMPTY;
}

/** A progress bar's text: its percentage, "100%" too (antd would draw a bare check mark there). */
export function percentText(percent: number | undefined): string {
  return `${String(percent ?? 0)}%`;
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
