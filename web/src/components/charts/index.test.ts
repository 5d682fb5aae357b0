// The chart registry: every kind has its entry, and each named chart's option is one ECharts accepts with the parts
// its entry names (rendered to an SVG string by ECharts' own server-side renderer, as report/render.test.ts), drawing
// what needs a part of its own (ECharts leaves out, unsaid, what a missing part would draw).
import { GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it, vi } from 'vitest';

import type { HistorySeries } from '@/lib/telemetry/types';
import {
  CHART_KINDS,
  CHART_REGISTRY,
  CHARTS,
  isChartKind,
  NAMED_CHART_KINDS,
  NAMED_CHARTS,
  type EChartsOption,
  type FlowDetail,
  type NamedChartKind,
  type OnlineDetail,
} from '.';

echarts.use([GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent, SVGRenderer]);

const series: HistorySeries[] = [
  {
    id: 1,
    name: 'Pressure',
    unit: 'MPa',
    decimals: 2,
    points: [
      [1_000, 0.8],
      [2_000, null],
      [3_000, 0.82],
    ],
  },
  { id: 2, name: 'Temp', unit: '℃', decimals: 1, points: [[1_000, 20]] },
];
const detail: FlowDetail = {
  card: {
    device_id: 7,
    sn: 'IOT7',
    name: 'Pump 7',
    group_id: 1,
    group_name: 'North',
    iccid: '898600000000000000',
    package_name: '1 GB',
    total_mb: 1024,
    used_mb: 900,
    remaining_mb: 124,
    warning_mb: 200,
    warning: true,
    status: 'normal',
    expiry_date: '2027-01-01',
  },
  categories: ['2026-11-01T00:00:00', '2026-11-02T00:00:00'],
  used: [100, 300],
  used_total: [100, 400],
  remaining: [924, 624],
  warning_mb: 200,
};
const online: OnlineDetail = {
  device: { device_id: 7, sn: 'IOT7', name: 'Pump 7', dev_state: 1 },
  categories: ['2026-11-01T00:00:00', '2026-11-01T01:00:00'],
  online_ms: [3_600_000, 1_800_000],
  periods: [],
};

/** Each named chart's option from a small fixed answer, through its registry entry. */
const OPTIONS: Record<NamedChartKind, () => EChartsOption> = {
  history: () => CHARTS.history.build(series, 'hour', [0, 4_000]),
  trend: () => CHARTS.trend.build(series, [0, 4_000]),
  flowUsage: () =>
    CHARTS.flowUsage.build(detail, 'day', {
      used: 'Used',
      cumulative: 'Cumulative',
      warning: 'Warning',
      total: 'Total',
      unit: 'MB',
    }),
  onlineGroup: () =>
    CHARTS.onlineGroup.build([{ group_id: 1, group_name: 'North', devices: 3, online_ms: 1, ratio: 0.5 }], {
      ratio: 'Online',
      noGroup: 'No group',
    }),
  onlineDetail: () => CHARTS.onlineDetail.build(online, 'hour', { online: 'Online', unit: 'h' }),
};

/** A text each chart draws with a part of its own: the legend, the package's warning line (markLine), a bar's label,
 * an axis name. */
const DRAWS: Record<NamedChartKind, string> = {
  history: 'Pressure (MPa)',
  trend: 'Temp (℃)',
  flowUsage: 'Warning 824',
  onlineGroup: '50%',
  onlineDetail: '11-01 01:00',
};

describe('chart registry', () => {
  it('has every report chart type and every named chart', () => {
    expect(CHART_KINDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, ...NAMED_CHART_KINDS]);
    for (const kind of CHART_KINDS) expect(CHARTS[kind], String(kind)).toBeTruthy();
    // The report types are the report-type table's own entries.
    expect(CHARTS[3]).toBe(CHART_REGISTRY[3]);
    expect(Object.keys(NAMED_CHARTS).sort()).toEqual([...NAMED_CHART_KINDS].sort());
  });

  it('knows no other kind', () => {
    expect(isChartKind('history')).toBe(true);
    expect(isChartKind(8)).toBe(true);
    expect(isChartKind(9)).toBe(false);
    expect(isChartKind('line')).toBe(false);
    expect(isChartKind('3')).toBe(false);
  });

  it.each(NAMED_CHART_KINDS.map((kind) => [kind] as const))('%s renders with its parts', (kind) => {
    const { parts } = CHARTS[kind];
    expect([parts].flat().length).toBeGreaterThan(0);
    echarts.use(parts);
    // ECharts measures text on a canvas when it can; jsdom has none (and says so on every call): its estimate then.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    // ECharts says what it ignores or lacks (a missing part, an option it no longer takes) on the console.
    const said = (['log', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level));
    const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: 600, height: 300 });
    chart.setOption(OPTIONS[kind]());
    const svg = chart.renderToSVGString();
    chart.dispose();
    expect(svg).toContain('<svg');
    expect(svg).toContain(DRAWS[kind]);
    for (const spy of said) expect(spy).not.toHaveBeenCalled();
  });
});
