// The line chart (type 3). A time dimension draws on a time axis labelled by its bucket; other dimensions on a
// category axis; each unit of the series gets a value axis of its own (unit-axes.ts). When the server kept each bucket's min and max (long ranges), a band from min to max is drawn under
// the line, so a spike averaged away by the bucket stays visible (ThingsBoard #8489). Gaps stay gaps; over
// LARGE_CATEGORIES points the lines are down-sampled (LTTB) and drawn without symbols.
import { zoned } from '@/lib/timezone';

import type { EChartsOption } from '../echart';
import { baseOption, categoryAxis, glow, grid, seriesStyle, seriesTooltip, valueAxes } from './common';
import { bucketTooltipFormat, categoryLabels, categoryTime, formatBucket, isLarge } from './format';
import type { ChartBuildOptions, ReportResult } from './types';

/** Lines with more points than this draw without symbols. */
const SYMBOLS_MAX = 60;
/** The band's opacity under its line. */
export const BAND_OPACITY = 0.18;

type Point = number | null | [number, number | null];

export function buildLineOption(result: ReportResult, options: ChartBuildOptions): EChartsOption {
  const { theme } = options;
  const times = result.dimension_is_time ? result.categories.map(categoryTime) : [];
  const timeAxis = result.dimension_is_time && times.every((t) => t !== null);
  const large = isLarge(result);
  const point = (index: number, value: number | null): Point =>
    timeAxis ? [times[index] ?? 0, value] : value;
  const bucket = result.bucket;

  const xAxis = timeAxis
    ? {
        type: 'time',
        axisLine: { lineStyle: { color: theme.axisLine } },
        axisLabel: {
          color: theme.textSecondary,
          hideOverlap: true,
          formatter: (value: number) => formatBucket(value, bucket),
        },
        axisPointer: {
          label: {
            formatter: (p: { value: unknown }) => zoned(Number(p.value)).format(bucketTooltipFormat(bucket)),
          },
        },
        splitLine: { show: false },
      }
    : categoryAxis(theme, categoryLabels(result), { boundaryGap: false });

  // Each unit on an axis of its own: pressures in MPa are not flattened against temperatures in ℃.
  const values = valueAxes(theme, result, false, { scale: true });
  const lines = result.series.map((s, index) => {
    const { colour, itemStyle } = seriesStyle(theme, index);
    return {
      type: 'line',
      id: `s${index}`,
      name: s.name,
      yAxisIndex: values.axisOf[index] ?? 0,
      ...seriesTooltip(result, index, options),
      z: 3,
      itemStyle,
      lineStyle: { color: colour, width: 2, ...glow(theme, colour) },
      showSymbol: !large && s.values.length <= SYMBOLS_MAX,
      symbolSize: 5,
      connectNulls: false,
      emphasis: { focus: 'series' },
      ...(large ? { sampling: 'lttb' } : {}),
      data: s.values.map((v, i) => point(i, v)),
    };
  });

  // The band: an invisible line at min, and max − min stacked on it and filled. Both carry the series' name so its
  // legend item shows and hides them with the line; the tooltip leaves them out.
  const bands = result.series.flatMap((s, index) => {
    const { min, max } = s;
    if (!min || !max) return [];
    const { colour } = seriesStyle(theme, index);
    const lows = s.values.map((_v, i) => {
      const lo = min[i] ?? null;
      return lo !== null && max[i] !== null && max[i] !== undefined ? lo : null;
    });
    const spans = s.values.map((_v, i) => {
      const lo = min[i] ?? null;
      const hi = max[i] ?? null;
      return lo !== null && hi !== null ? hi - lo : null;
    });
    const common = {
      type: 'line',
      name: s.name,
      yAxisIndex: values.axisOf[index] ?? 0,
      stack: `band-${index}`,
      z: 2,
      silent: true,
      symbol: 'none',
      connectNulls: false,
      legendHoverLink: false,
      tooltip: { show: false },
      lineStyle: { opacity: 0 },
      // Never down-sampled: the two stacked halves would keep different points and the band would tear.
    };
    return [
      { ...common, id: `s${index}-min`, data: lows.map((v, i) => point(i, v)) },
      {
        ...common,
        id: `s${index}-band`,
        areaStyle: { color: colour, opacity: BAND_OPACITY },
        data: spans.map((v, i) => point(i, v)),
      },
    ];
  });

  return {
    ...baseOption(result, options, { trigger: 'axis' }, { data: result.series.map((s) => s.name) }),
    grid: grid(options, options.compact ? 24 : 56, values.layout),
    xAxis,
    yAxis: values.axes,
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      ...(options.compact ? [] : [{ type: 'slider', height: 20, bottom: 8, filterMode: 'none' }]),
    ],
    series: [...lines, ...bands],
  };
}
