// Display helpers of the device screens: times, flow amounts, flow usage.
import dayjs from 'dayjs';

import type { FlowCardOut } from '../types';
import { EMPTY } from '@/lib/empty';
import { zoned } from '@/lib/timezone';

export function formatTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY;
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : EMPTY;
}

/** MB with at most two decimals ("1,024.5 MB" without grouping: "1024.5"). */
export function formatMb(mb: number | null | undefined): string {
  if (typeof mb !== 'number' || !Number.isFinite(mb)) return EMPTY;
  return String(Math.round(mb * 100) / 100);
}

export type UsageLevel = 'normal' | 'warning' | 'exhausted';

/** Used share of the package in percent (0–100) and whether the remaining flow is at the warning value. */
export function flowUsage(
  card: Pick<FlowCardOut, 'total_mb' | 'used_mb' | 'remaining_mb' | 'warning_mb' | 'warning'>,
): {
  percent: number;
  level: UsageLevel;
} {
  const percent = card.total_mb > 0 ? Math.min(100, Math.max(0, (card.used_mb / card.total_mb) * 100)) : 0;
  const rounded = Math.round(percent * 10) / 10;
  if (card.total_mb > 0 && card.remaining_mb <= 0) return { percent: rounded, level: 'exhausted' };
  if (card.warning || (card.warning_mb > 0 && card.remaining_mb <= card.warning_mb))
    return { percent: rounded, level: 'warning' };
  return { percent: rounded, level: 'normal' };
}
