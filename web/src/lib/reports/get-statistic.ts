// GET /yun/report/statistic?id=&start=&end=&tz=&device=: a saved report's chart data in the viewer's range and zone
// (history data drawn for `device` instead of the report's own devices when one is given), for the report pages and
// the dashboard's report widget.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ReportStatistic, StatisticView } from './types';
import { reportKeys } from './keys';

export function getStatistic(id: number, view: StatisticView): Promise<ReportStatistic> {
  // Silent: the chart's place shows the refusal (a deleted device or data source reads as a message, not a toast).
  return get<ReportStatistic>('/yun/report/statistic', { id, ...view }, { silent: true });
}

export const statisticQueryOptions = (id: number, view: StatisticView) =>
  queryOptions({
    queryKey: reportKeys.statistic(id, view),
    queryFn: () => getStatistic(id, view),
    placeholderData: keepPreviousData,
  });

/** The statistic of report `id` (none while `id` is null or `enabled` is false); `refetchMs` refreshes it (the report's
 * refresh interval, or a dashboard card's own). */
export function useStatistic(
  id: number | null,
  view: StatisticView,
  refetchMs: number | false = false,
  enabled = true,
) {
  return useQuery({
    ...statisticQueryOptions(id ?? 0, view),
    enabled: enabled && id !== null,
    refetchInterval: enabled ? refetchMs : false,
  });
}
