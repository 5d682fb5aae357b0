// GET /yun/report/info?id=: one report's definition (118212 when it is not the caller's), for the report pages and the
// dashboard's report widget.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { Report } from './types';
import { reportKeys } from './keys';

export function getReport(id: number): Promise<Report> {
  // The page shows its own not-found and failed states.
  return get<Report>('/yun/report/info', { id }, { silent: true });
}

export const reportQueryOptions = (id: number) =>
  queryOptions({ queryKey: reportKeys.detail(id), queryFn: () => getReport(id) });

/** Report `id`'s definition (none while `id` is null or `enabled` is false: a dashboard card scrolled away). */
export function useReport(id: number | null, enabled = true) {
  return useQuery({ ...reportQueryOptions(id ?? 0), enabled: enabled && id !== null });
}
