// The reports' payloads (docs/api-reports.md): definitions, statistics, report groups and the table view as the
// server's schemas (api.gen.ts) say; the screens' own parameters. What the dashboard's report widget reads too lives
// in lib/reports/types.ts.
import type { Schema } from '@/types/schema';

export type {
  PageOf,
  Report,
  ReportListParams,
  ReportStatistic,
  TableDataParams,
  ViewRange,
} from '@/lib/reports/types';

export type ReportInput = Schema<'ReportIn'>;
export type ReportUpdate = Schema<'ReportUpdateIn'>;
export type ReportFilter = Schema<'ReportFilter'>;
export type FieldRef = Schema<'FieldRef'>;
export type FilterOperator = ReportFilter['operator'];
export type Aggregation = NonNullable<ReportInput['aggregation']>;
export type TimeUnit = NonNullable<ReportInput['time_unit']>;

/** Contract A: a report group of the caller with its report count. */
export type ReportGroup = Schema<'ReportGroupOut'>;

export type TableDataColumn = Schema<'TableColumn'>;

export type TableData = Schema<'TableDataOut'>;
