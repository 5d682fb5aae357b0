// How the report screens write times and the routes of a report's pages.
import { zoned } from '@/lib/timezone';

import { EMPTY } from '@/lib/empty';

export function formatTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm') : EMPTY;
}

export const reportPaths = {
  list: '/analysis/dashChart',
  preview: (id: number) => `/analysis/dashChart/previewChart?id=${String(id)}`,
  design: (id: number) => `/designChart?id=${String(id)}`,
  create: (groupId?: number) => (groupId ? `/designNewChart?group=${String(groupId)}` : '/designNewChart'),
  data: (id: number) => `/analysis/reportData?id=${String(id)}`,
};

/** The `id` of a report page's query string, or null when absent or malformed. */
export function reportIdOf(search: URLSearchParams): number | null {
  const raw = search.get('id') ?? '';
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
