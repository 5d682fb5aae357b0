// The net monitor's figures as shown.
import { EMPTY } from '@/lib/empty';

const UNITS = ['MB', 'GB', 'TB'] as const;

/** Megabytes in the largest unit that keeps the number at 1 or more ("820 MB", "1.25 GB"), at most two decimals. */
export function formatTraffic(mb: number | null | undefined): { value: string; unit: string } {
  if (typeof mb !== 'number' || !Number.isFinite(mb)) return { value: EMPTY, unit: '' };
  let value = mb;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value: String(Math.round(value * 100) / 100), unit: UNITS[unit] ?? 'MB' };
}

/** Used of total as a whole percentage, 0–100 (none without a total). */
export function usedPercent(used: number, total: number): number | null {
  if (!(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}
