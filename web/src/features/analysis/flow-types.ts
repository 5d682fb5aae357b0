// Shapes of the traffic and online-time analysis and of scheduled reports (issue 17 contracts D and E), typed by
// hand until api.gen.ts covers them.

export type FlowStatus = 'normal' | 'shutdown' | 'abnormal';
export const FLOW_STATUSES: readonly FlowStatus[] = ['normal', 'shutdown', 'abnormal'];

/** One device's flow card in GET /yun/flow/analysis (and the card of GET /yun/flow/detail). */
export interface FlowCardRow {
  device_id: number;
  sn: string;
  name: string;
  group_id: number | null;
  group_name: string | null;
  iccid: string;
  package_name: string;
  total_mb: number;
  used_mb: number;
  remaining_mb: number;
  warning_mb: number;
  /** remaining ≤ warning */
  warning: boolean;
  /** normal | shutdown | abnormal (other operator states pass through as they are). */
  status: string;
  /** ISO date. */
  expiry_date: string | null;
}

export interface FlowSummary {
  cards: number;
  warning: number;
  shutdown: number;
  used_mb: number;
  total_mb: number;
}

export interface FlowAnalysisParams {
  page: number;
  page_size: number;
  keyword?: string | undefined;
  group_id?: number | undefined;
  status?: FlowStatus | undefined;
}

export interface FlowAnalysisOut {
  items: FlowCardRow[];
  total: number;
  page: number;
  page_size: number;
  summary: FlowSummary;
}

export type FlowBucket = 'day' | 'month';
export type OnlineBucket = 'day' | 'hour';

export interface FlowDetailParams {
  device_id: number;
  start: number;
  end: number;
  tz: string;
  bucket: FlowBucket;
}

export interface FlowDetailOut {
  card: FlowCardRow;
  /** ISO local bucket starts. */
  categories: string[];
  used: number[];
  used_total: number[];
  remaining: number[];
  warning_mb: number;
}

export interface OnlineAnalysisParams {
  start: number;
  end: number;
  tz: string;
  group_id?: number | undefined;
  keyword?: string | undefined;
  page: number;
  page_size: number;
}

export interface OnlineDeviceRow {
  device_id: number;
  sn: string;
  name: string;
  group_id: number | null;
  group_name: string | null;
  online_ms: number;
  offline_ms: number;
  /** 0–1. */
  ratio: number;
  sessions: number;
  dev_state: number | null;
}

export interface OnlineGroupRow {
  group_id: number | null;
  group_name: string | null;
  devices: number;
  online_ms: number;
  ratio: number;
}

export interface OnlineAnalysisOut {
  items: OnlineDeviceRow[];
  total: number;
  page: number;
  page_size: number;
  groups: OnlineGroupRow[];
}

export interface OnlineDetailParams {
  device_id: number;
  start: number;
  end: number;
  tz: string;
  bucket: OnlineBucket;
}

export interface OnlinePeriod {
  start: number;
  /** null while the device is still online (tolerated). */
  end: number | null;
}

export interface OnlineDetailOut {
  device: { device_id: number; sn: string; name: string; dev_state: number | null };
  categories: string[];
  online_ms: number[];
  periods: OnlinePeriod[];
}

export type ScheduleFrequency = 'daily' | 'weekly' | 'monthly';
export const SCHEDULE_FREQUENCIES: readonly ScheduleFrequency[] = ['daily', 'weekly', 'monthly'];

/** PUT /yun/report/schedule. */
export interface ScheduleIn {
  report_id: number;
  enabled: boolean;
  frequency: ScheduleFrequency;
  /** 0–23. */
  hour: number;
  /** 1–7, Monday = 1 (weekly). */
  weekday?: number | null;
  /** 1–28 (monthly). */
  monthday?: number | null;
  tz: string;
  emails: string[];
}

export interface ScheduleOut extends ScheduleIn {
  id: number;
  weekday: number | null;
  monthday: number | null;
  next_run_at: number;
  last_run_at: number | null;
  last_job_id: number | null;
}
