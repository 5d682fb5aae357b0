// An automation rule's dry run as a timeline over its data source (issue 37, docs/api-automations.md "DryRun"): the
// source's stored history as a line, each firing the rule would have made as a mark line at its time with a mark
// point on the line. Pure, tested without a DOM; the parts are parts/dry-run.ts. Times follow the viewer's zone as
// the history chart's do (shifted onto a UTC axis when a user zone is set).
import dayjs from 'dayjs';

import { EMPTY } from '@/lib/empty';
import { zoneShift } from '@/lib/timezone';
import type { EChartsOption } from './echart';

/** Past this many firings the chart marks them with dots rather than pins. */
const MANY_MARKS = 20;

export interface DryRunSeries {
  /** The data source's name (and unit) for the legend and tooltip. */
  name: string;
  points: readonly { ts: number; value: number | null }[];
  /** The firings' times (epoch ms). */
  firings: readonly number[];
  range: readonly [number, number];
  /** The mark's label ("Fires"). */
  firingLabel: string;
}

/** The value nearest before or at `ts` (the line's height at a firing), null without one. */
export function valueAt(points: DryRunSeries['points'], ts: number): number | null {
  let found: number | null = null;
  for (const p of points) {
    if (p.ts > ts) break;
    if (p.value !== null) found = p.value;
  }
  return found;
}

export function buildDryRunOption(input: DryRunSeries): EChartsOption {
  const [start, end] = input.range;
  const inZone = zoneShift(start) !== null;
  const at = (ts: number): number => ts + (zoneShift(ts) ?? 0);
  const label = (ts: number): string => (inZone ? dayjs.utc(ts) : dayjs(ts)).format('YYYY-MM-DD HH:mm:ss');
  const points = [...input.points].sort((a, b) => a.ts - b.ts);
  const marks = [...input.firings].sort((a, b) => a - b);
  return {
    animation: false,
    ...(inZone ? { useUTC: true } : {}),
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (value: unknown) => (typeof value === 'number' ? String(value) : EMPTY),
    },
    legend: { top: 0, data: [input.name] },
    grid: {
      left: 8,
      right: 24,
      top: 40,
      bottom: 56,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: { type: 'time', min: at(start), max: at(end), axisLine: { lineStyle: { color: '#c9cdd4' } } },
    yAxis: { type: 'value', scale: true, splitLine: { show: true, lineStyle: { type: 'dashed' } } },
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', height: 20, bottom: 8, filterMode: 'none' },
    ],
    series: [
      {
        name: input.name,
        type: 'line',
        showSymbol: points.length <= 60,
        symbolSize: 5,
        connectNulls: false,
        lineStyle: { width: 1.5 },
        data: points.map((p) => [at(p.ts), p.value]),
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: {
            color: '#f5222d',
            type: 'dashed',
            width: 1,
            opacity: marks.length <= MANY_MARKS ? 1 : 0.25,
          },
          label: { show: false },
          data: marks.map((ts) => ({ xAxis: at(ts), name: label(at(ts)) })),
        },
        // A few firings are pins; many (a change trigger over a day) small dots, so the line stays readable.
        markPoint: {
          symbol: marks.length <= MANY_MARKS ? 'pin' : 'circle',
          symbolSize: marks.length <= MANY_MARKS ? 36 : 6,
          itemStyle: { color: '#f5222d' },
          label: { show: false },
          data: marks.map((ts) => ({
            name: input.firingLabel,
            coord: [at(ts), valueAt(points, ts) ?? 0],
            value: input.firingLabel,
          })),
        },
      },
    ],
  };
}
