// The report charts' inputs and view models. `ReportResult` is the answer of /yun/report/statistic; it is written by
// hand until the server's schema is generated (`make gen`), then it becomes an alias of the generated type.
import type { ChartTheme } from './themes';

/** The time bucket of a report whose dimension is time (SPEC §3, §9). */
export type ReportBucket = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

export interface ReportSeries {
  name: string;
  /** One value per category; null is a gap (no data), never zero. */
  values: (number | null)[];
  /** Each bucket's lowest and highest raw value, when the server kept them (long ranges), so a spike stays visible. */
  min: (number | null)[] | null;
  max: (number | null)[] | null;
}

/** A report's statistic as the server answers it (POST /yun/report/statistic). */
export interface ReportResult {
  /** The dimension's values; ISO local times (`2026-11-01T00:00:00`) when the dimension is time. */
  categories: string[];
  dimension_is_time: boolean;
  bucket: ReportBucket | null;
  series: ReportSeries[];
  unit: string | null;
  total_rows: number;
}

/** A data colour condition: a value in [min, max) is drawn in `color` (an open bound matches every value). */
export interface ColourCondition {
  min?: number;
  max?: number;
  color: string;
}

export type SortOrder = 'asc' | 'desc';

/** What every builder takes besides the data. `theme` is a resolved theme (`chartTheme(id)`). */
export interface ChartBuildOptions {
  theme: ChartTheme;
  conditions?: readonly ColourCondition[];
  title?: string;
  /** 'zh' or 'en': how numbers read in tooltips and labels. */
  locale?: string;
  /** Category order by value; the sorted bar sorts descending when it is not given. Time dimensions keep time order. */
  sort?: SortOrder;
}

/** The indicator card (chart type 1): one figure, drawn without ECharts. */
export interface CardModel {
  title: string | null;
  /** The latest non-null value of the first series, or null when there is none. */
  value: number | null;
  unit: string | null;
  /** The condition's colour for the value, else the theme's first colour. */
  colour: string;
  /** The change from the value before it, when the dimension is time and has at least two values. */
  trend?: { previous: number; delta: number; direction: 'up' | 'down' | 'flat' };
}

export interface TableColumn {
  key: string;
  /** A series column's title (its name); the dimension column is named by `i18nKey`. */
  title: string;
  i18nKey?: string;
  unit: string | null;
  align: 'left' | 'right';
}

export interface TableRow {
  key: string;
  /** The category as it reads (bucket format for time). */
  category: string;
  values: (number | null)[];
  /** A condition colour per value, or null. */
  colours: (string | null)[];
}

/** The table (chart type 2): columns and rows, drawn by the data table. */
export interface TableModel {
  title: string | null;
  columns: TableColumn[];
  rows: TableRow[];
  totalRows: number;
}
