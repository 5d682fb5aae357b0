// GET /hDev: history series of up to 10 data sources, bucketed and aggregated on the server.
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import { get } from '../http';
import type { HistoryOut, HistoryParams } from './types';
import { telemetryKeys } from './keys';

export function getHistory(params: HistoryParams): Promise<HistoryOut> {
  return get<HistoryOut>('/hDev', { ...params });
}

export const historyQueryOptions = (params: HistoryParams) =>
  queryOptions({
    queryKey: telemetryKeys.history(params),
    queryFn: () => getHistory(params),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked while `params` is null (no data source chosen). */
export function useHistory(params: HistoryParams | null) {
  return useQuery({
    queryKey: params ? telemetryKeys.history(params) : telemetryKeys.noHistory(),
    queryFn: params ? () => getHistory(params) : skipToken,
    placeholderData: keepPreviousData,
  });
}
