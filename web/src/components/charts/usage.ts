// The traffic and online-time charts (the analysis screens and a device's Traffic tab): a flow card's use per bucket,
// the online ratio per device group, a device's online hours per bucket. Pure, tested without a DOM; texts come in
// already translated; their ECharts parts are parts/flow-usage.ts and parts/online.ts. The number and bucket
// helpers the charts read their values with are here too, and the screens show them the same way.
import { colors } from '@/lib/theme';
import type { Schema } from '@/types/schema';
import type { EChartsOption } from './echart';

/** A flow card's use over a range (GET /yun/flow/detail). */
export type FlowDetail = Schema<'FlowDetailOut'>;
/** One device group's online ratio (GET /yun/online/analysis). */
export type OnlineGroup = Schema<'OnlineGroup'>;
/** A device's online time over a range (GET /yun/online/detail). */
export type OnlineDetail = Schema<'OnlineDetailOut'>;

const HOUR_MS = 3_600_000;

/** Two decimals at most, no grouping ("1024.5"). */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Milliseconds as hours, two decimals. */
export function msToHours(ms: number): number {
  return round2(ms / HOUR_MS);
}

/** A 0–1 ratio as a percentage with one decimal (0.8734 → 87.3). */
export function ratioPercent(ratio: number): number {
  return Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
}

/** A bucket's start as the axis shows it, read from the server's ISO local time without any zone conversion:
 * '2026-11-03T00:00:00' is '11-03' by day, '2026-11' by month, '11-03 14:00' by hour. */
export function bucketLabel(iso: string, bucket: 'day' | 'month' | 'hour'): string {
  const date = iso.slice(0, 10);
  if (bucket === 'month') return date.slice(0, 7);
  if (bucket === 'day') return date.slice(5);
  return `${date.slice(5)} ${iso.slice(11, 13) || '00'}:00`;
}

/** Over this many categories a chart gets zoom (a slider under it). */
export const ZOOM_CATEGORIES = 31;

const AXIS_LINE = { lineStyle: { color: colors.border } };
const SPLIT_LINE = { lineStyle: { color: colors.fill } };
const AXIS_LABEL = { color: colors.textTertiary };

function zoom(count: number): Partial<Pick<EChartsOption, 'dataZoom'>> {
  return count > ZOOM_CATEGORIES
    ? { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 6 }] }
    : {};
}

function grid(count: number) {
  return {
    left: 8,
    right: 16,
    top: 40,
    bottom: count > ZOOM_CATEGORIES ? 40 : 8,
    outerBoundsMode: 'same',
    outerBoundsContain: 'axisLabel',
  } as const;
}

export interface FlowChartTexts {
  used: string;
  cumulative: string;
  warning: string;
  total: string;
  unit: string;
}

/** A little above `value`, rounded up to its second digit (1024 → 1200): the axis's top, so a line at `value` and its
 * label stay clear of the axis names. */
export function headroom(value: number): number {
  if (!(value > 0)) return value;
  const raised = value * 1.1;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(raised)) - 1);
  return Math.ceil(raised / step) * step;
}

/**
 * A card's usage: a bar of the MB used in each bucket and a line of the cumulative use at each bucket's end, with
 * lines at the warning point (the package less the warning value: past it the remaining flow is at the warning
 * value) and at the package total.
 */
export function buildFlowUsageOption(
  detail: FlowDetail,
  bucket: 'day' | 'month',
  texts: FlowChartTexts,
): EChartsOption {
  const labels = detail.categories.map((c) => bucketLabel(c, bucket));
  const total = detail.card.total_mb;
  const warningAt =
    total > 0 && detail.warning_mb > 0 ? round2(Math.max(0, total - detail.warning_mb)) : null;
  const marks = [
    ...(warningAt === null
      ? []
      : [
          {
            name: texts.warning,
            yAxis: warningAt,
            lineStyle: { color: colors.warning, type: 'dashed' },
            label: {
              formatter: `${texts.warning} ${String(warningAt)}`,
              color: colors.warning,
              position: 'insideEndBottom',
            },
          },
        ]),
    ...(total > 0
      ? [
          {
            name: texts.total,
            yAxis: round2(total),
            lineStyle: { color: colors.danger, type: 'solid' },
            label: {
              formatter: `${texts.total} ${String(round2(total))}`,
              color: colors.danger,
              position: 'insideEndTop',
            },
          },
        ]
      : []),
  ];
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => `${String(v)} MB`,
    },
    legend: { top: 0, data: [texts.used, texts.cumulative] },
    // Room above the plot for the axis names under the legend.
    grid: { ...grid(labels.length), top: 56 },
    ...zoom(labels.length),
    xAxis: {
      type: 'category',
      data: labels,
      axisLine: AXIS_LINE,
      axisLabel: { ...AXIS_LABEL, hideOverlap: true },
    },
    // The cumulative use against the package on the left; each bucket's use, a few MB beside hundreds, on its own
    // scale on the right. Each axis is named and coloured as its series, its name kept over its own side (on a phone
    // the two names do not meet), and the right axis's ticks align with the left's grid.
    yAxis: [
      {
        type: 'value',
        name: `${texts.cumulative} (${texts.unit})`,
        nameTextStyle: { color: colors.cyan, align: 'left' },
        // The package total stays in view below the top, so the lines at it and their labels show.
        ...(total > 0
          ? { max: (value: { max: number }) => headroom(Math.max(value.max, round2(total))) }
          : {}),
        splitLine: SPLIT_LINE,
        axisLabel: AXIS_LABEL,
      },
      {
        type: 'value',
        name: `${texts.used} (${texts.unit})`,
        nameTextStyle: { color: colors.primary, align: 'right' },
        alignTicks: true,
        splitLine: { show: false },
        axisLabel: AXIS_LABEL,
      },
    ],
    series: [
      {
        type: 'bar',
        id: 'used',
        yAxisIndex: 1,
        name: texts.used,
        barMaxWidth: 28,
        itemStyle: { color: colors.primary },
        data: detail.used.map(round2),
      },
      {
        type: 'line',
        id: 'cumulative',
        name: texts.cumulative,
        smooth: false,
        showSymbol: labels.length <= ZOOM_CATEGORIES,
        itemStyle: { color: colors.cyan },
        data: detail.used_total.map(round2),
        ...(marks.length > 0 ? { markLine: { symbol: 'none', silent: true, data: marks } } : {}),
      },
    ],
  };
}

export interface OnlineGroupTexts {
  ratio: string;
  /** The name of devices in no group. */
  noGroup: string;
}

/** Online ratio per device group, in percent, the groups as they come. */
export function buildOnlineGroupOption(
  groups: readonly OnlineGroup[],
  texts: OnlineGroupTexts,
): EChartsOption {
  const labels = groups.map((g) => g.group_name ?? texts.noGroup);
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => `${String(v)}%`,
    },
    grid: grid(labels.length),
    ...zoom(labels.length),
    xAxis: {
      type: 'category',
      data: labels,
      axisLine: AXIS_LINE,
      axisLabel: { ...AXIS_LABEL, interval: 0, rotate: labels.length > 6 ? 30 : 0 },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      axisLabel: { ...AXIS_LABEL, formatter: '{value}%' },
      splitLine: SPLIT_LINE,
    },
    series: [
      {
        type: 'bar',
        id: 'ratio',
        name: texts.ratio,
        barMaxWidth: 36,
        itemStyle: { color: colors.primary },
        label: { show: labels.length <= 12, position: 'top', formatter: '{c}%', color: colors.textSecondary },
        data: groups.map((g) => ratioPercent(g.ratio)),
      },
    ],
  };
}

export interface OnlineDetailTexts {
  online: string;
  unit: string;
}

/** A device's online hours in each bucket (at most 24 a day, 1 an hour). */
export function buildOnlineDetailOption(
  detail: OnlineDetail,
  bucket: 'day' | 'hour',
  texts: OnlineDetailTexts,
): EChartsOption {
  const labels = detail.categories.map((c) => bucketLabel(c, bucket));
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => `${String(v)} h`,
    },
    grid: grid(labels.length),
    ...zoom(labels.length),
    xAxis: { type: 'category', data: labels, axisLine: AXIS_LINE, axisLabel: AXIS_LABEL },
    yAxis: {
      type: 'value',
      name: texts.unit,
      min: 0,
      max: bucket === 'day' ? 24 : 1,
      splitLine: SPLIT_LINE,
      axisLabel: AXIS_LABEL,
    },
    series: [
      {
        type: 'bar',
        id: 'online',
        name: texts.online,
        barMaxWidth: 28,
        itemStyle: { color: colors.success },
        data: detail.online_ms.map(msToHours),
      },
    ],
  };
}
