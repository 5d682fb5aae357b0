// The report charts' inputs and view models. `ReportResult` is the answer of /yun/report/statistic, the server's
// StatisticOut (api.gen.ts).
import type { Schema } from '@/types/schema';
import type { ChartTheme } from './themes';

/** The time bucket of a report whose dimension is time (SPEC §3, §9). */
export type ReportBucket = NonNullable<Schema<'StatisticOut'>['bucket']>;

/** One series: a value per category (null is a gap, never zero), and each bucket's lowest and highest stored value
 * when the server kept them (history over time), so a spike stays visible. */
export type ReportSeries = Schema<'StatisticSeries'>;

/** A report's statistic as the server answers it (GET /yun/report/statistic). */
export type ReportResult = Schema<'StatisticOut'>;

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
  /** Drawn small on a dashboard's card: no zoom slider (the wheel and a drag still zoom). */
  compact?: boolean;
}

/** The indicator card (chart type 1): one figure, drawn without ECharts. */
export interface CardModel {
  title: string | null;
  /** The latest non-null value of the first series, or null when there is none. */
  value: number | null;
  unit: string | null;
  /** The first series' decimals (its data source's), null when unknown. */
  decimals: number | null;
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
  /** How many decimals the column's values read with (its data source's); null when unknown. */
  decimals: number | null;
  align: 'left' | 'right';
}

export interface TableRow {
  key: string;
  /** The category as it reads (a time in full, in the viewer's zone: "2026-11-21 17:00"). */
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
