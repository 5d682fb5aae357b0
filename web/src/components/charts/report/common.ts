// What the ECharts builders share: the theme's background, text, tooltip, legend and axes, a series' colour and
// glow, and bar data with the condition colours. Pure: every colour comes from the theme given, none from a global.
import { fontFamily } from '@/lib/theme';

import type { EChartsOption } from '../echart';
import { unitAxes, unitAxisOptions, type UnitAxes } from '../unit-axes';
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
  const decimals = commonDecimals(result);
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
        typeof value === 'number' ? `${formatNumber(value, locale, decimals)}${unit}` : '',
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

/** The plot area below the title and legend; `layout` widens the margins by the axes offset outward. */
export function grid(options: ChartBuildOptions, bottom = 24, layout?: UnitAxes): Record<string, unknown> {
  const horizontal = layout?.axes[0]?.position === 'bottom';
  const start = horizontal ? 0 : (layout?.extra.start ?? 0);
  const end = horizontal ? 0 : (layout?.extra.end ?? 0);
  const twoAxes = layout !== undefined && layout.axes.length > 1;
  // ECharts 6's form of `containLabel` (which now needs its legacy module): the axis labels stay inside the grid.
  return {
    left: 12 + start,
    right: 24 + end,
    top: (options.title ? 64 : 40) + (horizontal && twoAxes ? 24 : 0),
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

/** The unit of each series: its own, else the report's ('' reads as none). */
export function seriesUnits(result: ReportResult): (string | null)[] {
  return result.series.map((s) => s.unit || result.unit || null);
}

/** The decimals every series shares, or undefined when they differ or none is known. */
function commonDecimals(result: ReportResult): number | undefined {
  const all = new Set(result.series.map((s) => s.decimals ?? null));
  const [only] = [...all];
  return all.size === 1 && typeof only === 'number' ? only : undefined;
}

/** A series' own tooltip: its value at its decimals with its unit (a chart of several units reads each right). */
export function seriesTooltip(
  result: ReportResult,
  index: number,
  options: ChartBuildOptions,
): { tooltip: { valueFormatter: (value: unknown) => string } } {
  const unit = seriesUnits(result)[index];
  const decimals = result.series[index]?.decimals;
  return {
    tooltip: {
      valueFormatter: (value: unknown) =>
        typeof value === 'number'
          ? `${formatNumber(value, options.locale, decimals)}${unit ? ` ${unit}` : ''}`
          : '',
    },
  };
}

/** A value axis per unit of the report's series (components/charts/unit-axes), in the theme's colours: the axes and
 * each series' axis index. */
export function valueAxes(
  theme: ChartTheme,
  result: ReportResult,
  horizontal = false,
  extra: Axis = {},
): { axes: Axis[]; axisOf: number[]; layout: UnitAxes } {
  const layout = unitAxes(seriesUnits(result), horizontal);
  const axes = unitAxisOptions(layout, () => ({
    nameTextStyle: { color: theme.textSecondary },
    axisLine: { show: false, lineStyle: { color: theme.axisLine } },
    // A low chart (a small dashboard card) drops the labels that would overlap.
    axisLabel: { color: theme.textSecondary, hideOverlap: true },
    splitLine: { lineStyle: { color: theme.splitLine, type: 'dashed' } },
    ...extra,
  }));
  return { axes, axisOf: layout.axisOf, layout };
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
