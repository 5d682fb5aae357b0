// GET /yun/flow/analysis (P62000): the flow cards of the devices the caller reads, paged, with the totals on top;
// GET /yun/flow/detail (P62200): one card's usage over time.
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { definedParams as defined, listFlowCards } from '@/lib/usage/flow-cards';
import type { FlowAnalysisParams, FlowDetailOut, FlowDetailParams } from '../flow-types';
import { flowKeys } from './flow-keys';

export function useFlowCards(params: FlowAnalysisParams) {
  return useQuery({
    queryKey: flowKeys.list(params),
    queryFn: () => listFlowCards(params),
    placeholderData: keepPreviousData,
  });
}

/** Silent: the page shows why (no card bound, not found). */
export function getFlowDetail(params: FlowDetailParams): Promise<FlowDetailOut> {
  return get<FlowDetailOut>('/yun/flow/detail', defined(params), { silent: true });
}

export function useFlowDetail(params: FlowDetailParams | null) {
  return useQuery({
    queryKey: params ? flowKeys.detail(params) : [...flowKeys.all, 'detail', null],
    queryFn: params ? () => getFlowDetail(params) : skipToken,
    placeholderData: keepPreviousData,
  });
}

export { defined };
