// GET /yun/report/group (contract A): the caller's report groups with their report counts, in name order.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ReportGroup } from '../types';
import { reportKeys } from './keys';

export function listReportGroups(): Promise<ReportGroup[]> {
  return get<ReportGroup[]>('/yun/report/group', undefined, { silent: true });
}

export const reportGroupsQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.groups(), queryFn: listReportGroups });

export function useReportGroups() {
  return useQuery(reportGroupsQueryOptions());
}
