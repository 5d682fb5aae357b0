// The report chart registry (DESIGN §8): chart type code → its name, icon, kind and pure builder, shared by the
// report designer, the report preview and the dashboard widgets. Codes follow SPEC §3: 1 indicator card, 2 table,
// 3 line, 4 grouped bar, 5 stacked bar, 6 pie, 7 horizontal bar, and 8 the sorted bar (horizontal, by value).
// An 'echarts' entry's option is drawn by components/charts/echart.tsx with the entry's `parts`.
import {
  AreaChartOutlined,
  BarChartOutlined,
  BarsOutlined,
  DashboardOutlined,
  LineChartOutlined,
  PieChartOutlined,
  SortDescendingOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, LegendScrollComponent } from 'echarts/components';
import type { ComponentType } from 'react';

import type { EChartsOption, EChartsParts } from '../echart';
import {
  buildGroupedBarOption,
  buildHorizontalBarOption,
  buildSortedBarOption,
  buildStackedBarOption,
} from './build-bar';
import { buildCardModel, buildTableModel } from './build-card';
import { buildLineOption } from './build-line';
import { buildPieOption } from './build-pie';
import type { CardModel, ChartBuildOptions, ReportResult, TableModel } from './types';

export const CHART_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ChartType = (typeof CHART_TYPES)[number];

type Builder<T> = (result: ReportResult, options: ChartBuildOptions) => T;

interface EntryBase {
  code: ChartType;
  /** Its name in the designer's type picker. */
  i18nKey: string;
  icon: ComponentType;
}

export type ChartEntry =
  | (EntryBase & { kind: 'card'; build: Builder<CardModel> })
  | (EntryBase & { kind: 'table'; build: Builder<TableModel> })
  | (EntryBase & { kind: 'echarts'; build: Builder<EChartsOption>; parts: EChartsParts });

const BAR_PARTS: EChartsParts = [BarChart, DataZoomComponent, LegendScrollComponent];

export const CHART_REGISTRY: Readonly<Record<ChartType, ChartEntry>> = {
  1: {
    code: 1,
    kind: 'card',
    i18nKey: 'report.charts.type.card',
    icon: DashboardOutlined,
    build: buildCardModel,
  },
  2: {
    code: 2,
    kind: 'table',
    i18nKey: 'report.charts.type.table',
    icon: TableOutlined,
    build: buildTableModel,
  },
  3: {
    code: 3,
    kind: 'echarts',
    i18nKey: 'report.charts.type.line',
    icon: LineChartOutlined,
    build: buildLineOption,
    parts: [LineChart, DataZoomComponent, LegendScrollComponent],
  },
  4: {
    code: 4,
    kind: 'echarts',
    i18nKey: 'report.charts.type.groupedBar',
    icon: BarChartOutlined,
    build: buildGroupedBarOption,
    parts: BAR_PARTS,
  },
  5: {
    code: 5,
    kind: 'echarts',
    i18nKey: 'report.charts.type.stackedBar',
    icon: AreaChartOutlined,
    build: buildStackedBarOption,
    parts: BAR_PARTS,
  },
  6: {
    code: 6,
    kind: 'echarts',
    i18nKey: 'report.charts.type.pie',
    icon: PieChartOutlined,
    build: buildPieOption,
    parts: [PieChart, LegendScrollComponent],
  },
  7: {
    code: 7,
    kind: 'echarts',
    i18nKey: 'report.charts.type.horizontalBar',
    icon: BarsOutlined,
    build: buildHorizontalBarOption,
    parts: BAR_PARTS,
  },
  8: {
    code: 8,
    kind: 'echarts',
    i18nKey: 'report.charts.type.sortedBar',
    icon: SortDescendingOutlined,
    build: buildSortedBarOption,
    parts: BAR_PARTS,
  },
};

/** The entries in picker order. */
export const CHART_ENTRIES: readonly ChartEntry[] = CHART_TYPES.map((code) => CHART_REGISTRY[code]);

export function isChartType(value: unknown): value is ChartType {
  return typeof value === 'number' && (CHART_TYPES as readonly number[]).includes(value);
}

/** The entry of a chart type code, or null for a code the console does not know. */
export function chartEntry(code: unknown): ChartEntry | null {
  return isChartType(code) ? CHART_REGISTRY[code] : null;
}
