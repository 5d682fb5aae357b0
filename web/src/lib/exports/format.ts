// Display helpers of the export centre.
import { EMPTY } from '../empty';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** "512 B", "1.5 KB", "12.3 MB"; the empty mark for no size. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return EMPTY;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${UNITS[unit] ?? 'B'}`;
}
