// The reports' payloads (docs/api-reports.md): definitions, statistics, report groups and the table view as the
// server's schemas (api.gen.ts) say; the screens' own parameters.
import type { Schema } from '@/types/schema';

export type Report = Schema<'ReportOut'>;
export type ReportInput = Schema<'ReportIn'>;
export type ReportUpdate = Schema<'ReportUpdateIn'>;
export type ReportFilter = Schema<'ReportFilter'>;
export type FieldRef = Schema<'FieldRef'>;
export type ReportStatistic = Schema<'StatisticOut'>;
export type FilterOperator = ReportFilter['operator'];
export type Aggregation = NonNullable<ReportInput['aggregation']>;
export type TimeUnit = NonNullable<ReportInput['time_unit']>;

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /yun/report/basic: `group_id` 0 lists the reports in no group. */
export interface ReportListParams {
  title?: string | undefined;
  chart_type?: number | undefined;
  group_id?: number | undefined;
  page: number;
  page_size: number;
}

/** Contract A: a report group of the caller with its report count. */
export type ReportGroup = Schema<'ReportGroupOut'>;

/** The viewer's range and zone of a statistic (epoch ms; an IANA zone). */
export interface ViewRange {
  start?: number | undefined;
  end?: number | undefined;
  tz: string;
}

/** Contract B: GET /yun/report/table/data. */
export interface TableDataParams extends ViewRange {
  id: number;
  page: number;
  page_size: number;
  sort_by?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export type TableDataColumn = Schema<'TableColumn'>;

export type TableData = Schema<'TableDataOut'>;
