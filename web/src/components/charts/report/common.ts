// What the ECharts builders share: the theme's background, text, tooltip, legend and axes, a series' colour and
// glow, and bar data with the condition colours. Pure: every colour comes from the theme given, none from a global.
import { fontFamily } from '@/lib/theme';

import type { EChartsOption } from '../echart';
import { conditionColour, usableConditions } from './conditions';
import { formatNumber } from './format';
import { paletteColour, type ChartTheme } from './themes';
import type { ChartBuildOptions, ColourCondition, ReportResult } from './types';

type Axis = Record<string, unknown>;

/** Background, text, title, tooltip and legend of every report chart; `tooltip` and `legend` add the chart's own
 * (its trigger, the legend's items). */
export function baseOption(
  result: ReportResult,
  options: ChartBuildOptions,
  tooltip: Record<string, unknown>,
  legend: Record<string, unknown> = {},
): EChartsOption {
  const { theme, title, locale } = options;
  const unit = result.unit ? ` ${result.unit}` : '';
  return {
    animation: false,
    backgroundColor: theme.background,
    color: [...theme.palette],
    textStyle: { fontFamily, color: theme.text },
    ...(title
      ? { title: { text: title, left: 'center', top: 4, textStyle: { color: theme.text, fontSize: 14 } } }
      : {}),
    tooltip: {
      confine: true,
      backgroundColor: theme.tooltipBackground,
      borderColor: theme.axisLine,
      textStyle: { color: theme.text },
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? `${formatNumber(value, locale)}${unit}` : '',
      ...tooltip,
    },
    legend: {
      type: 'scroll',
      top: title ? 28 : 4,
      icon: 'roundRect',
      itemWidth: 12,
      itemHeight: 8,
      textStyle: { color: theme.textSecondary },
      pageTextStyle: { color: theme.textSecondary },
      ...legend,
    },
  };
}

/** The plot area below the title and legend. */
export function grid(options: ChartBuildOptions, bottom = 24): Record<string, unknown> {
  // ECharts 6's form of `containLabel` (which now needs its legacy module): the axis labels stay inside the grid.
  return {
    left: 12,
    right: 24,
    top: options.title ? 64 : 40,
    bottom,
    outerBoundsMode: 'same',
    outerBoundsContain: 'axisLabel',
  };
}

/** A category axis in the theme's colours. */
export function categoryAxis(theme: ChartTheme, labels: readonly string[], extra: Axis = {}): Axis {
  return {
    type: 'category',
    data: [...labels],
    axisLine: { lineStyle: { color: theme.axisLine } },
    axisTick: { alignWithLabel: true, lineStyle: { color: theme.axisLine } },
    axisLabel: { color: theme.textSecondary, hideOverlap: true },
    ...extra,
  };
}

/** A value axis named by the report's unit. */
export function valueAxis(theme: ChartTheme, result: ReportResult, extra: Axis = {}): Axis {
  return {
    type: 'value',
    name: result.unit ?? '',
    nameTextStyle: { color: theme.textSecondary },
    axisLine: { show: false, lineStyle: { color: theme.axisLine } },
    axisLabel: { color: theme.textSecondary },
    splitLine: { lineStyle: { color: theme.splitLine, type: 'dashed' } },
    ...extra,
  };
}

/** The glow of the tech themes around a shape drawn in `colour` (nothing on the light themes). */
export function glow(theme: ChartTheme, colour: string): Record<string, unknown> {
  return theme.glow > 0 ? { shadowBlur: theme.glow, shadowColor: colour } : {};
}

/** The series' colour and glow: the `index`-th colour of the palette. */
export function seriesStyle(
  theme: ChartTheme,
  index: number,
): { colour: string; itemStyle: Record<string, unknown> } {
  const colour = paletteColour(theme, index);
  return { colour, itemStyle: { color: colour, ...glow(theme, colour) } };
}

/** A bar or slice value as ECharts takes it: null for a gap (never 0), an item with its colour when a condition
 * matches it. */
export function coloredPoint(
  value: number | null | undefined,
  conditions: readonly ColourCondition[],
  theme: ChartTheme,
): number | null | { value: number; itemStyle: Record<string, unknown> } {
  if (value === null || value === undefined) return null;
  const colour = conditionColour(value, conditions);
  return colour ? { value, itemStyle: { color: colour, ...glow(theme, colour) } } : value;
}

export function conditionsOf(options: ChartBuildOptions): ColourCondition[] {
  return usableConditions(options.conditions);
}
