// GET /yun/online/analysis (P62000): online time of the devices the caller reads over a range, per device and per
// group; GET /yun/online/detail (P62200): one device's online time per bucket and its online periods.
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type {
  OnlineAnalysisOut,
  OnlineAnalysisParams,
  OnlineDetailOut,
  OnlineDetailParams,
} from '../flow-types';
import { defined } from './flow-analysis';
import { onlineKeys } from './flow-keys';

export function listOnlineTime(params: OnlineAnalysisParams): Promise<OnlineAnalysisOut> {
  return get<OnlineAnalysisOut>('/yun/online/analysis', defined(params));
}

export function useOnlineTime(params: OnlineAnalysisParams) {
  return useQuery({
    queryKey: onlineKeys.list(params),
    queryFn: () => listOnlineTime(params),
    placeholderData: keepPreviousData,
  });
}

/** Silent: the detail page shows its not-found and failed states. */
export function getOnlineDetail(params: OnlineDetailParams): Promise<OnlineDetailOut> {
  return get<OnlineDetailOut>('/yun/online/detail', defined(params), { silent: true });
}

export function useOnlineDetail(params: OnlineDetailParams | null) {
  return useQuery({
    queryKey: params ? onlineKeys.detail(params) : [...onlineKeys.all, 'detail', null],
    queryFn: params ? () => getOnlineDetail(params) : skipToken,
    placeholderData: keepPreviousData,
  });
}
