// GET /yun/report/statistic?id=&start=&end=&tz=: a saved report's chart data in the viewer's range and zone, for the
// report pages and the dashboard's report widget.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ReportStatistic, ViewRange } from './types';
import { reportKeys } from './keys';

export function getStatistic(id: number, range: ViewRange): Promise<ReportStatistic> {
  // Silent: the chart's place shows the refusal (a deleted device or data source reads as a message, not a toast).
  return get<ReportStatistic>('/yun/report/statistic', { id, ...range }, { silent: true });
}

export const statisticQueryOptions = (id: number, range: ViewRange) =>
  queryOptions({
    queryKey: reportKeys.statistic(id, range),
    queryFn: () => getStatistic(id, range),
    placeholderData: keepPreviousData,
  });

/** The statistic of report `id` (none while `id` is null or `enabled` is false); `refetchMs` refreshes it (the report's
 * refresh interval, or a dashboard card's own). */
export function useStatistic(
  id: number | null,
  range: ViewRange,
  refetchMs: number | false = false,
  enabled = true,
) {
  return useQuery({
    ...statisticQueryOptions(id ?? 0, range),
    enabled: enabled && id !== null,
    refetchInterval: enabled ? refetchMs : false,
  });
}
