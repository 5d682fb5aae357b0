// Full-network monitoring's trend (the operator console's /operator/health): one figure of the platform over the last
// hours, as a line on a time axis with the area under it. Pure, tested without a DOM; the texts and the value's
// format come in from the page; its ECharts parts are parts/health.ts.
import { EMPTY } from '@/lib/empty';
import { colors } from '@/lib/theme';

import type { EChartsOption } from './echart';

/** One bucket of a trend (GET /administrator/health/trend): its start (epoch ms) and the mean value in it. */
export interface HealthPoint {
  t: number;
  value: number;
}

export interface HealthTrendTexts {
  /** The figure's name, shown in the tooltip. */
  name: string;
  /** How a value reads on the axis and in the tooltip ("1.2 k", "35 ms"). */
  format: (value: number) => string;
}

const AXIS_LABEL = { color: colors.textTertiary, fontSize: 11 };

/** Up to this many points each is drawn as a dot too. */
export const SYMBOLS_UNDER = 3;

/** Two buckets further apart than this many bucket lengths leave a gap (the runner did not sample meanwhile). */
export const GAP_BUCKETS = 3;

/** The points with a null between two that are far apart, so the line breaks where no sample was taken. */
export function withGaps(points: readonly HealthPoint[], bucketS: number): [number, number | null][] {
  const out: [number, number | null][] = [];
  points.forEach((p, i) => {
    const before = points[i - 1];
    if (before && p.t - before.t > GAP_BUCKETS * bucketS * 1000) out.push([before.t + bucketS * 1000, null]);
    out.push([p.t, p.value]);
  });
  return out;
}

export function buildHealthTrendOption(
  points: readonly HealthPoint[],
  bucketS: number,
  texts: HealthTrendTexts,
  color: string = colors.primary,
  range?: readonly [number, number],
): EChartsOption {
  return {
    animation: false,
    grid: {
      left: 8,
      right: 12,
      top: 12,
      bottom: 4,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? texts.format(v) : EMPTY),
    },
    xAxis: {
      type: 'time',
      // The whole window asked for (the last 24 h), however few samples it has yet.
      ...(range ? { min: range[0], max: range[1] } : {}),
      axisLine: { lineStyle: { color: colors.border } },
      axisLabel: { ...AXIS_LABEL, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      splitNumber: 3,
      axisLabel: { ...AXIS_LABEL, formatter: (v: number) => texts.format(v) },
      splitLine: { lineStyle: { color: colors.fill } },
    },
    series: [
      {
        id: 'trend',
        type: 'line',
        name: texts.name,
        // A trend of a few samples (a server just started) shows them as dots: a line needs two.
        showSymbol: points.length <= SYMBOLS_UNDER,
        symbolSize: 5,
        connectNulls: false,
        lineStyle: { width: 2, color },
        itemStyle: { color },
        areaStyle: { color, opacity: 0.12 },
        data: withGaps(points, bucketS),
      },
    ],
  };
}
