// The device history chart and the screens' trend chart: a time-axis line per data source, each unit on a value axis
// of its own (unit-axes, as the report charts). The History tab draws the first over a device's GET /hDev series
// (lib/telemetry/history builds the query); the screen designer's trend element draws the second. Pure, tested
// without a DOM; their ECharts parts are parts/history.ts and parts/trend.ts, apart from the builders, so the
// designer, whose editor builds no chart, keeps ECharts out of its chunk (components/charts/index.ts).
import dayjs from 'dayjs';

import { EMPTY } from '@/lib/empty';
import { formatPoint } from '@/lib/telemetry/history';
import { zoneShift } from '@/lib/timezone';
import type { HistoryBucket, HistorySeries } from '@/lib/telemetry/types';
import type { EChartsOption } from './echart';
import { unitAxes, unitAxisOptions } from './unit-axes';

/** How a point's time reads for a bucket. */
export function timeFormat(bucket: HistoryBucket): string {
  switch (bucket) {
    case 'year':
      return 'YYYY';
    case 'month':
      return 'YYYY-MM';
    case 'week':
    case 'day':
      return 'YYYY-MM-DD';
    case 'hour':
    case 'minute':
      return 'YYYY-MM-DD HH:mm';
    default:
      return 'YYYY-MM-DD HH:mm:ss';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A series' name in the legend: its data source's name and unit. */
export function seriesLabel(series: Pick<HistorySeries, 'name' | 'unit'>): string {
  return series.unit ? `${series.name} (${series.unit})` : series.name;
}

interface TooltipParam {
  seriesIndex?: number;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

/**
 * A time-axis line chart of the series. Each unit gets a value axis of its own named by it (left, right, then offset
 * outward: components/charts/unit-axes, as the report charts); series without a unit share one unnamed axis. The
 * tooltip shows each value with its data source's decimals and unit.
 */
export function buildHistoryOption(
  series: readonly HistorySeries[],
  bucket: HistoryBucket,
  range?: readonly [number, number],
): EChartsOption {
  const layout = unitAxes(series.map((s) => s.unit));
  const format = timeFormat(bucket);
  // ECharts draws a time axis in the browser's zone or in UTC only. With a user zone (lib/timezone), each time is
  // moved by that zone's offset then and the axis drawn in UTC: its hour labels and the tooltip read the user's wall
  // clock, whatever the browser's zone.
  const inZone = zoneShift(range?.[0] ?? Date.now()) !== null;
  const at = (ts: number): number => ts + (zoneShift(ts) ?? 0);
  const label = (ts: number): string => (inZone ? dayjs.utc(ts) : dayjs(ts)).format(format);
  return {
    animation: false,
    ...(inZone ? { useUTC: true } : {}),
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        const first = params[0];
        const time = Array.isArray(first?.value) ? (first.value as unknown[])[0] : first?.axisValue;
        const head = typeof time === 'number' ? label(time) : '';
        const lines = params.map((p) => {
          const s = series[p.seriesIndex ?? -1];
          const value = Array.isArray(p.value) ? (p.value as unknown[])[1] : p.value;
          if (!s) return '';
          const text = formatPoint(value, s.decimals);
          const unit = s.unit && text !== EMPTY ? ` ${escapeHtml(s.unit)}` : '';
          const marker = typeof p.marker === 'string' ? p.marker : '';
          return `${marker}${escapeHtml(s.name)}: <b>${escapeHtml(text)}</b>${unit}`;
        });
        return [escapeHtml(head), ...lines.filter(Boolean)].join('<br/>');
      },
    },
    legend: { top: 0, type: 'scroll', icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
    grid: {
      left: 8 + layout.extra.start,
      right: (layout.axes.length > 1 ? 8 : 24) + layout.extra.end,
      top: 40,
      bottom: 56,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    // The axis spans the asked range, so a sparse series sits where it belongs in it (ECharts would otherwise
    // centre a single point in a day of its own).
    xAxis: {
      type: 'time',
      axisLine: { lineStyle: { color: '#c9cdd4' } },
      ...(range ? { min: at(range[0]), max: at(range[1]) } : {}),
    },
    yAxis: unitAxisOptions(layout, () => ({
      scale: true,
      splitLine: { show: true, lineStyle: { type: 'dashed' } },
    })),
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', height: 20, bottom: 8, filterMode: 'none' },
    ],
    series: series.map((s, index) => ({
      name: seriesLabel(s),
      type: 'line',
      showSymbol: s.points.length <= 60,
      symbolSize: 5,
      connectNulls: false,
      yAxisIndex: layout.axisOf[index] ?? 0,
      lineStyle: { width: 1.5 },
      emphasis: { focus: 'series' },
      data: inZone ? s.points.map(([ts, value]) => [at(ts), value]) : s.points,
    })),
  };
}

/** The history chart's option over [start, end] (the data's own span without a range), fitted to a screen element:
 * raw points, and no room for the zoom slider. */
export function buildTrendOption(
  series: readonly HistorySeries[],
  range: readonly [number, number] | undefined,
): EChartsOption {
  return {
    ...buildHistoryOption(series, 'raw', range),
    dataZoom: [],
    grid: {
      left: 8,
      right: 16,
      top: 32,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
  };
}
