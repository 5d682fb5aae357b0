// Shapes of the traffic and online-time analysis and of scheduled reports (docs/api-reports.md, docs/api-exports.md):
// the server's schemas (api.gen.ts) and the screens' own parameters.
import type { FlowStatus } from '@/lib/usage/flow-cards';
import type { Schema } from '@/types/schema';

// The list's call and its shapes are shared with the dashboards' net monitor (lib/usage/flow-cards.ts).
export type { FlowAnalysisOut, FlowAnalysisParams, FlowStatus, FlowSummary } from '@/lib/usage/flow-cards';

export const FLOW_STATUSES: readonly FlowStatus[] = ['normal', 'shutdown', 'abnormal'];

/** One device's flow card in GET /yun/flow/analysis (and the card of GET /yun/flow/detail). */
export type FlowCardRow = Schema<'FlowCardRow'>;

export type FlowBucket = 'day' | 'month';
export type OnlineBucket = 'day' | 'hour';

export interface FlowDetailParams {
  device_id: number;
  start: number;
  end: number;
  tz: string;
  bucket: FlowBucket;
}

export type FlowDetailOut = Schema<'FlowDetailOut'>;

export interface OnlineAnalysisParams {
  start: number;
  end: number;
  tz: string;
  group_id?: number | undefined;
  keyword?: string | undefined;
  page: number;
  page_size: number;
}

export type OnlineDeviceRow = Schema<'OnlineDevice'>;

export type OnlineGroupRow = Schema<'OnlineGroup'>;

export type OnlineAnalysisOut = Schema<'OnlineAnalysisOut'>;

export interface OnlineDetailParams {
  device_id: number;
  start: number;
  end: number;
  tz: string;
  bucket: OnlineBucket;
}

export type OnlinePeriod = Schema<'OnlinePeriod'>;

export type OnlineDetailOut = Schema<'OnlineDetailOut'>;

export type ScheduleFrequency = 'daily' | 'weekly' | 'monthly';
export const SCHEDULE_FREQUENCIES: readonly ScheduleFrequency[] = ['daily', 'weekly', 'monthly'];

/** PUT /yun/report/schedule. */
export type ScheduleIn = Schema<'ScheduleIn'>;

export type ScheduleOut = Schema<'ScheduleOut'>;
