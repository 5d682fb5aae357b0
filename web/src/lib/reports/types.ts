// The saved reports' payloads that screens beyond the report pages read (the dashboard's report widget): a report's
// definition, its statistic, the viewer's range, the list's parameters, as the server's schemas (api.gen.ts) say.
import type { Schema } from '@/types/schema';

export type Report = Schema<'ReportOut'>;
export type ReportStatistic = Schema<'StatisticOut'>;

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

/** The viewer's range and zone of a statistic (epoch ms; an IANA zone). */
export interface ViewRange {
  start?: number | undefined;
  end?: number | undefined;
  tz: string;
}

/** A statistic as a viewer asks for it: the range and zone, and the device a history report is drawn for instead of
 * its own (a dashboard card following the device tree; none: the report's own devices). */
export interface StatisticView extends ViewRange {
  device?: number | undefined;
}

/** Contract B: GET /yun/report/table/data. */
export interface TableDataParams extends ViewRange {
  id: number;
  page: number;
  page_size: number;
  sort_by?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}
