// The report charts (issue 17, DESIGN §8), what the report designer, the preview and the dashboard widgets import.
// registry: chart type code (1–8) → name, icon, kind ('echarts' | 'card' | 'table'), builder and ECharts parts.
export { CHART_ENTRIES, CHART_REGISTRY, CHART_TYPES, chartEntry, isChartType } from './registry';
export type { ChartEntry, ChartType } from './registry';
// themes: the 6 chart themes (10 colours each) for the picker, and the look-up by id (default for an unknown one).
export { CHART_PALETTE_SIZE, CHART_THEMES, chartTheme, DEFAULT_CHART_THEME, isChartThemeId } from './themes';
export type { ChartTheme, ChartThemeId } from './themes';
// conditions: data colour conditions ([min, max), the first match wins) and their maximum count.
export { COLOUR_CONDITIONS_MAX, conditionColour, toColourConditions, usableConditions } from './conditions';
// format: bucket labels (dayjs) and the large-data threshold.
export { bucketFormat, formatBucket, formatCategory, formatNumber, LARGE_CATEGORIES } from './format';
// print: the A4 page box in CSS px and the report root's class (report-print.css holds the @page rules).
export { PAPER_MM, PRINT_MARGIN_MM, printPageSize, printRootClass } from './print';
export type { PaperOrientation, PaperSize, PrintPage } from './print';
// types: the server's answer (ReportResult, until generated) and the builders' options and view models.
export type {
  CardModel,
  ChartBuildOptions,
  ColourCondition,
  ReportBucket,
  ReportResult,
  ReportSeries,
  SortOrder,
  TableColumn,
  TableModel,
  TableRow,
} from './types';
