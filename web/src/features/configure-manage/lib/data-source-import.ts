// The import file check before upload (.xlsx/.xls/.csv, not empty, at most 20 MB — the server's IMPORT_MAX_BYTES).
import { IMPORT_MAX_BYTES } from '@/types/limits.gen';

export const IMPORT_EXTENSIONS: readonly string[] = ['.xlsx', '.xls', '.csv'];
export const IMPORT_MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));

export type ImportFileProblem = 'type' | 'size' | 'empty';

export function checkImportFile(file: { name: string; size: number }): ImportFileProblem | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMPORT_MAX_BYTES) return 'size';
  return null;
}
