// The bar charts: grouped (type 4), stacked (5), horizontal (7) and sorted (8: horizontal, categories by value).
// A gap stays a gap (null, never 0); a condition colours its bars; over LARGE_CATEGORIES categories the bars draw in
// ECharts' large mode (which has one style per series, so a chart with conditions keeps the normal mode) with zoom.
import type { EChartsOption } from '../echart';
import {
  baseOption,
  categoryAxis,
  coloredPoint,
  conditionsOf,
  grid,
  seriesStyle,
  seriesTooltip,
  valueAxes,
} from './common';
import { categoryLabels, categoryOrder, isLarge, LARGE_CATEGORIES } from './format';
import type { ChartBuildOptions, ReportResult } from './types';

interface BarShape {
  stacked: boolean;
  horizontal: boolean;
  /** Sort by value even on a time dimension (the sorted bar), descending unless the options say otherwise. */
  sorted: boolean;
}

function barOption(result: ReportResult, options: ChartBuildOptions, shape: BarShape): EChartsOption {
  const { theme } = options;
  const conditions = conditionsOf(options);
  const order = shape.sorted
    ? categoryOrder(result, options.sort ?? 'desc', true)
    : categoryOrder(result, options.sort);
  const allLabels = categoryLabels(result);
  const labels = order.map((i) => allLabels[i] ?? '');
  const large = isLarge(result);
  const largeMode = large && conditions.length === 0;
  // Horizontal bars list the first category at the top.
  const categories = categoryAxis(theme, labels, shape.horizontal ? { inverse: true } : {});
  // Each unit on an axis of its own (left, right, then offset; bottom, top for lying bars); stacks stay per unit.
  const values = valueAxes(theme, result, shape.horizontal);
  const zoomAxis = shape.horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  return {
    ...baseOption(result, options, { trigger: 'axis', axisPointer: { type: 'shadow' } }),
    grid: grid(options, large && !options.compact ? 48 : 24, values.layout),
    xAxis: shape.horizontal ? values.axes : categories,
    yAxis: shape.horizontal ? categories : values.axes,
    ...(large
      ? {
          dataZoom: [
            { type: 'inside', ...zoomAxis },
            ...(options.compact ? [] : [{ type: 'slider', ...zoomAxis, height: 20, bottom: 8 }]),
          ],
        }
      : {}),
    series: result.series.map((s, index) => {
      const { itemStyle } = seriesStyle(theme, index);
      const axis = values.axisOf[index] ?? 0;
      return {
        type: 'bar',
        id: `s${index}`,
        name: s.name,
        [shape.horizontal ? 'xAxisIndex' : 'yAxisIndex']: axis,
        ...seriesTooltip(result, index, options),
        ...(shape.stacked ? { stack: axis === 0 ? 'total' : `total-${String(axis)}` } : {}),
        itemStyle,
        barMaxWidth: 36,
        emphasis: { focus: 'series' },
        ...(largeMode ? { large: true, largeThreshold: LARGE_CATEGORIES } : {}),
        data: order.map((i) => coloredPoint(s.values[i], conditions, theme)),
      };
    }),
  };
}

/** Type 4: a bar per series side by side in each category. */
export function buildGroupedBarOption(result: ReportResult, options: ChartBuildOptions): EChartsOption {
  return barOption(result, options, { stacked: false, horizontal: false, sorted: false });
}

/** Type 5: the series stacked in each category. */
export function buildStackedBarOption(result: ReportResult, options: ChartBuildOptions): EChartsOption {
  return barOption(result, options, { stacked: true, horizontal: false, sorted: false });
}

/** Type 7: grouped bars lying down, the first category at the top. */
export function buildHorizontalBarOption(result: ReportResult, options: ChartBuildOptions): EChartsOption {
  return barOption(result, options, { stacked: false, horizontal: true, sorted: false });
}

/** Type 8 (the sorted bar): horizontal bars ordered by the category's total, largest first unless `sort` is 'asc';
 * gaps last. */
export function buildSortedBarOption(result: ReportResult, options: ChartBuildOptions): EChartsOption {
  return barOption(result, options, { stacked: false, horizontal: true, sorted: true });
}
