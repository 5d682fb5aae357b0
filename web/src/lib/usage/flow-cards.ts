// GET /yun/flow/analysis (P62000, docs/api-reports.md): the flow cards of the devices the caller reads (all, or a
// device group's), paged, with the totals on top. The traffic analysis page lists them; the dashboards' net monitor
// reads the totals of one page of one.
import type { Schema } from '@/types/schema';
import { get, type RequestOptions } from '../http';

export type FlowStatus = 'normal' | 'shutdown' | 'abnormal';

export interface FlowAnalysisParams {
  page: number;
  page_size: number;
  keyword?: string | undefined;
  group_id?: number | undefined;
  status?: FlowStatus | undefined;
}

export type FlowAnalysisOut = Schema<'FlowAnalysisOut'>;

/** The totals of the listed cards: how many, used and total MB, how many warn or are shut down. */
export type FlowSummary = Schema<'FlowSummary'>;

/** The filters as sent: unset ones left out. */
export function definedParams(params: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
}

export function listFlowCards(
  params: FlowAnalysisParams,
  options?: RequestOptions,
): Promise<FlowAnalysisOut> {
  return get<FlowAnalysisOut>('/yun/flow/analysis', definedParams(params), options);
}
