// Export of the device list: SPEC §5/§9 "export limited to the first 5000 rows, after confirmation".
import { EXPORT_ROW_CAP } from '@/types/limits.gen';

export { EXPORT_ROW_CAP };

export type ExportDecision = 'empty' | 'export' | 'confirm-cap';

/** What the Export button does for a list of `total` rows. */
export function exportDecision(total: number, cap: number = EXPORT_ROW_CAP): ExportDecision {
  if (total <= 0) return 'empty';
  return total > cap ? 'confirm-cap' : 'export';
}

/** `devices-20261121-0930.xlsx` */
export function exportFileName(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}`;
  return `devices-${stamp}.xlsx`;
}
