// GET /hDev: history series of up to 10 data sources, bucketed and aggregated on the server.
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import { get } from '../../../lib/http';
import type { HistoryOut, HistoryParams } from '../types-telemetry';
import { deviceKeys } from './keys';

export function getHistory(params: HistoryParams): Promise<HistoryOut> {
  return get<HistoryOut>('/hDev', { ...params });
}

export const historyQueryOptions = (params: HistoryParams) =>
  queryOptions({
    queryKey: deviceKeys.history(params),
    queryFn: () => getHistory(params),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked while `params` is null (no data source chosen). */
export function useHistory(params: HistoryParams | null) {
  return useQuery({
    queryKey: params ? deviceKeys.history(params) : [...deviceKeys.all, 'history', null],
    queryFn: params ? () => getHistory(params) : skipToken,
    placeholderData: keepPreviousData,
  });
}
