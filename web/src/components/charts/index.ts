// The chart registry (DESIGN §8): every ECharts chart the console draws, by kind, as its pure option builder and the
// ECharts parts the option is drawn with (components/charts/echart.tsx's `parts`). A kind is a report chart type
// 1–8 (report/registry.ts, the report-type table: name, icon, builder; the card and the table build view models,
// not ECharts options) or a named chart: the device history, the screens' trend, the traffic and online-time charts.
// A dashboard widget picks its chart here: `const { build, parts } = CHARTS.history`.
//
// This module brings every builder and every part. A page that draws one chart imports that chart's own modules
// instead — its builder (history.ts, usage.ts, report/) and its parts (parts/<kind>.ts) — so its chunk loads only
// what it draws: a module shared by lazy chunks is loaded whole by each of them, which is why the builders import no
// ECharts code and each kind's parts are a module of their own. The designer builds its trend option in the chunk
// its editor shares, so it takes buildTrendOption from history.ts and TREND_PARTS only in its lazy trend host
// (eslint holds both: ECharts is imported in components/charts only, the designer does not import this module).
import type { EChartsOption, EChartsParts } from './echart';
import { buildHistoryOption, buildTrendOption } from './history';
import { FLOW_USAGE_PARTS } from './parts/flow-usage';
import { HISTORY_PARTS } from './parts/history';
import { ONLINE_PARTS } from './parts/online';
import { TREND_PARTS } from './parts/trend';
import { CHART_REGISTRY, CHART_TYPES, isChartType, type ChartType } from './report/registry';
import { buildFlowUsageOption, buildOnlineDetailOption, buildOnlineGroupOption } from './usage';

/** A chart drawn by ECharts: the pure builder of its option and the ECharts parts that option needs. */
export interface EChartsKind {
  build: (...args: never[]) => EChartsOption;
  parts: EChartsParts;
}

/** The kinds named rather than numbered by a report's chart type. */
export const NAMED_CHART_KINDS = ['history', 'trend', 'flowUsage', 'onlineGroup', 'onlineDetail'] as const;
export type NamedChartKind = (typeof NAMED_CHART_KINDS)[number];

/** The named charts, each builder with its own arguments. */
export const NAMED_CHARTS = {
  /** A device's data sources over a range (the History tab): (series, bucket, range?). */
  history: { build: buildHistoryOption, parts: HISTORY_PARTS },
  /** The history chart fitted to a screen element, without zoom: (series, range). */
  trend: { build: buildTrendOption, parts: TREND_PARTS },
  /** A flow card's use per bucket, cumulative, against its warning point and package: (detail, bucket, texts). */
  flowUsage: { build: buildFlowUsageOption, parts: FLOW_USAGE_PARTS },
  /** The online ratio per device group: (groups, texts). */
  onlineGroup: { build: buildOnlineGroupOption, parts: ONLINE_PARTS },
  /** A device's online hours per bucket: (detail, bucket, texts). */
  onlineDetail: { build: buildOnlineDetailOption, parts: ONLINE_PARTS },
} as const satisfies Record<NamedChartKind, EChartsKind>;

export type ChartKind = ChartType | NamedChartKind;

/** Every chart by kind: a report chart type's entry (CHART_REGISTRY; its 'echarts' entries carry build and parts) or
 * a named chart's. */
export const CHARTS: Readonly<typeof CHART_REGISTRY & typeof NAMED_CHARTS> = {
  ...CHART_REGISTRY,
  ...NAMED_CHARTS,
};

/** Every kind: the report chart types in picker order, then the named charts. */
export const CHART_KINDS: readonly ChartKind[] = [...CHART_TYPES, ...NAMED_CHART_KINDS];

export function isChartKind(value: unknown): value is ChartKind {
  return isChartType(value) || (NAMED_CHART_KINDS as readonly unknown[]).includes(value);
}

// The ECharts host: init, resize, theme and dispose; an option and its parts in.
export { EChart } from './echart';
export type { EChartProps, EChartsOption, EChartsParts } from './echart';
// The builders and parts one by one, for a page that draws one chart.
export { buildHistoryOption, buildTrendOption } from './history';
export { buildFlowUsageOption, buildOnlineDetailOption, buildOnlineGroupOption } from './usage';
export type {
  FlowChartTexts,
  FlowDetail,
  OnlineDetail,
  OnlineDetailTexts,
  OnlineGroup,
  OnlineGroupTexts,
} from './usage';
export { FLOW_USAGE_PARTS, HISTORY_PARTS, ONLINE_PARTS, TREND_PARTS };
// The report-type table (types 1–8) and what its builders take: a resolved theme (chartTheme(id)) and the server's
// statistic. The rest of the report charts (themes, conditions, bucket labels, print) is components/charts/report.
export { CHART_ENTRIES, CHART_REGISTRY, CHART_TYPES, chartEntry, isChartType } from './report/registry';
export type { ChartEntry, ChartType } from './report/registry';
export { chartTheme } from './report/themes';
export type { ChartBuildOptions, ReportResult } from './report/types';
