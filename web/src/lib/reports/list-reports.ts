// GET /yun/report/basic: a page of the caller's reports (the administrator: the tenant's), newest first, searched by
// title, filtered by chart type and group (0: in no group).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PageOf, Report, ReportListParams } from './types';
import { reportKeys } from './keys';

/** The query without unset filters (the server takes an absent filter as "any"). */
export function reportListQuery(params: ReportListParams): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
}

export function listReports(params: ReportListParams): Promise<PageOf<Report>> {
  return get<PageOf<Report>>('/yun/report/basic', reportListQuery(params));
}

export const reportsQueryOptions = (params: ReportListParams) =>
  queryOptions({
    queryKey: reportKeys.list(params),
    queryFn: () => listReports(params),
    placeholderData: keepPreviousData,
  });

export function useReports(params: ReportListParams) {
  return useQuery(reportsQueryOptions(params));
}
