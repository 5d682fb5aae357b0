// The report chart builders against small fixed results: pure functions, no chart is drawn.
import { describe, expect, it } from 'vitest';

import type { EChartsOption } from '../echart';
import {
  buildGroupedBarOption,
  buildHorizontalBarOption,
  buildSortedBarOption,
  buildStackedBarOption,
} from './build-bar';
import { BAND_OPACITY, buildLineOption } from './build-line';
import { buildPieOption } from './build-pie';
import { chartTheme } from './themes';
import type { ReportResult } from './types';

interface Series {
  id: string;
  name: string;
  type: string;
  stack?: string;
  large?: boolean;
  sampling?: string;
  showSymbol?: boolean;
  areaStyle?: { color: string; opacity: number };
  itemStyle?: { color: string; shadowBlur?: number };
  data: unknown[];
}
interface Axis {
  type: string;
  data?: string[];
  inverse?: boolean;
  axisLabel: { formatter?: (value: number) => string };
}

const seriesOf = (option: EChartsOption) => option.series as Series[];
const axis = (option: EChartsOption, name: 'xAxis' | 'yAxis') => option[name] as Axis;

const theme = chartTheme('blue');
const palette = theme.palette;

const byHour: ReportResult = {
  categories: ['2026-11-01T00:00:00', '2026-11-01T01:00:00', '2026-11-01T02:00:00', '2026-11-01T03:00:00'],
  dimension_is_time: true,
  bucket: 'hour',
  series: [
    { name: 'Temp', values: [20, null, 25, 30], min: [18, null, 21, 22], max: [22, null, 40, 31] },
    { name: 'Hum', values: [50, 55, null, 60], min: null, max: null },
  ],
  unit: '℃',
  total_rows: 4,
};

const byDevice: ReportResult = {
  categories: ['A', 'B', 'C', 'D'],
  dimension_is_time: false,
  bucket: null,
  series: [{ name: 'Count', values: [5, null, 12, 8], min: null, max: null }],
  unit: null,
  total_rows: 4,
};

function large(n: number): ReportResult {
  const start = new Date(2026, 0, 1).getTime();
  return {
    categories: Array.from({ length: n }, (_v, i) => new Date(start + i * 60_000).toISOString()),
    dimension_is_time: true,
    bucket: 'minute',
    series: [{ name: 'P', values: Array.from({ length: n }, (_v, i) => i % 7), min: null, max: null }],
    unit: 'kW',
    total_rows: n,
  };
}

const hot = [{ min: 25, color: '#ff0000' }];

describe('line (type 3)', () => {
  const option = buildLineOption(byHour, { theme });
  const series = seriesOf(option);

  it('draws a line per series on a time axis, in the palette order, gaps kept as null', () => {
    const lines = series.filter((s) => !s.id.includes('-'));
    expect(lines.map((s) => [s.name, s.itemStyle?.color])).toEqual([
      ['Temp', palette[0]],
      ['Hum', palette[1]],
    ]);
    expect(axis(option, 'xAxis').type).toBe('time');
    const t1 = new Date(2026, 10, 1, 1).getTime();
    expect(lines[0]!.data[1]).toEqual([t1, null]);
    expect(lines[1]!.data[2]).toEqual([new Date(2026, 10, 1, 2).getTime(), null]);
    expect(option.backgroundColor).toBe(theme.background);
  });

  it('draws a min–max band under a series that has min and max, gaps kept', () => {
    expect(series).toHaveLength(4);
    const low = series.find((s) => s.id === 's0-min')!;
    const band = series.find((s) => s.id === 's0-band')!;
    expect(low.stack).toBe(band.stack);
    expect(low.data.map((p) => (p as unknown[])[1])).toEqual([18, null, 21, 22]);
    expect(band.data.map((p) => (p as unknown[])[1])).toEqual([4, null, 19, 9]);
    expect(band.areaStyle).toEqual({ color: palette[0], opacity: BAND_OPACITY });
    expect(series.some((s) => s.id.startsWith('s1-'))).toBe(false);
  });

  it('labels the time axis by the bucket', () => {
    const format = axis(option, 'xAxis').axisLabel.formatter!;
    expect(format(new Date(2026, 10, 1, 2).getTime())).toBe('11-01 02:00');
  });

  it('uses a category axis for other dimensions', () => {
    const o = buildLineOption(byDevice, { theme });
    expect(axis(o, 'xAxis')).toMatchObject({ type: 'category', data: ['A', 'B', 'C', 'D'] });
    expect(seriesOf(o)[0]!.data).toEqual([5, null, 12, 8]);
  });

  it('down-samples large series (LTTB) without symbols', () => {
    expect(seriesOf(option)[0]!.sampling).toBeUndefined();
    const bigResult = large(600);
    bigResult.series[0]!.min = bigResult.series[0]!.values;
    bigResult.series[0]!.max = bigResult.series[0]!.values.map((v) => (v ?? 0) + 1);
    const [big, ...band] = seriesOf(buildLineOption(bigResult, { theme }));
    expect(band.map((s) => s.sampling)).toEqual([undefined, undefined]);
    expect(big!.sampling).toBe('lttb');
    expect(big!.showSymbol).toBe(false);
  });

  it('glows on a tech theme', () => {
    const tech = chartTheme('blueTech');
    const line = seriesOf(buildLineOption(byHour, { theme: tech }))[0]!;
    expect(line.itemStyle).toMatchObject({ color: tech.palette[0], shadowBlur: tech.glow });
  });
});

describe('bars (types 4, 5, 7, 8)', () => {
  it('groups a bar per series, palette colours in order, bucket labels, gaps as null', () => {
    const option = buildGroupedBarOption(byHour, { theme, title: 'T' });
    const series = seriesOf(option);
    expect(series.map((s) => [s.type, s.itemStyle?.color, s.stack])).toEqual([
      ['bar', palette[0], undefined],
      ['bar', palette[1], undefined],
    ]);
    expect(axis(option, 'xAxis').data).toEqual(['11-01 00:00', '11-01 01:00', '11-01 02:00', '11-01 03:00']);
    expect(series[0]!.data).toEqual([20, null, 25, 30]);
    expect(option.title).toMatchObject({ text: 'T' });
  });

  it('colours the bars a condition matches (min inclusive, max exclusive)', () => {
    const conditions = [
      { min: 25, max: 30, color: '#ff0000' },
      { min: 30, color: '#00ff00' },
    ];
    const data = seriesOf(buildGroupedBarOption(byHour, { theme, conditions }))[0]!.data;
    expect(data).toEqual([
      20,
      null,
      { value: 25, itemStyle: { color: '#ff0000' } },
      { value: 30, itemStyle: { color: '#00ff00' } },
    ]);
  });

  it('stacks the series', () => {
    expect(seriesOf(buildStackedBarOption(byHour, { theme })).map((s) => s.stack)).toEqual([
      'total',
      'total',
    ]);
  });

  it('lays horizontal bars down, first category on top', () => {
    const option = buildHorizontalBarOption(byDevice, { theme });
    expect(axis(option, 'yAxis')).toMatchObject({
      type: 'category',
      inverse: true,
      data: ['A', 'B', 'C', 'D'],
    });
    expect((option.xAxis as Axis[]).map((a) => a.type)).toEqual(['value']);
  });

  it('sorts the sorted bar by value, largest first, gaps last', () => {
    const desc = buildSortedBarOption(byDevice, { theme });
    expect(axis(desc, 'yAxis').data).toEqual(['C', 'D', 'A', 'B']);
    expect(seriesOf(desc)[0]!.data).toEqual([12, 8, 5, null]);
    const asc = buildSortedBarOption(byDevice, { theme, sort: 'asc' });
    expect(axis(asc, 'yAxis').data).toEqual(['A', 'D', 'C', 'B']);
    // A time dimension is sorted too (by the total over the series).
    expect(axis(buildSortedBarOption(byHour, { theme }), 'yAxis').data![0]).toBe('11-01 03:00');
  });

  it('keeps time order on other bars, sorts other dimensions when asked', () => {
    expect(axis(buildGroupedBarOption(byHour, { theme, sort: 'desc' }), 'xAxis').data![0]).toBe(
      '11-01 00:00',
    );
    expect(axis(buildGroupedBarOption(byDevice, { theme, sort: 'desc' }), 'xAxis').data).toEqual([
      'C',
      'D',
      'A',
      'B',
    ]);
  });

  it('draws many categories in large mode unless conditions colour single bars', () => {
    expect(seriesOf(buildGroupedBarOption(byHour, { theme }))[0]!.large).toBeUndefined();
    const big = buildGroupedBarOption(large(600), { theme });
    expect(seriesOf(big)[0]!.large).toBe(true);
    expect(big.dataZoom).toBeDefined();
    expect(seriesOf(buildGroupedBarOption(large(600), { theme, conditions: hot }))[0]!.large).toBeUndefined();
  });
});

describe('pie (type 6)', () => {
  type Slice = { name: string; value: number; itemStyle: { color: string } };
  const slices = (option: EChartsOption) => seriesOf(option)[0]!.data as Slice[];

  it('makes a slice per category of one series, gaps left out, palette by category', () => {
    expect(
      slices(buildPieOption(byDevice, { theme })).map((s) => [s.name, s.value, s.itemStyle.color]),
    ).toEqual([
      ['A', 5, palette[0]],
      ['C', 12, palette[2]],
      ['D', 8, palette[3]],
    ]);
  });

  it('sums each series when there are several', () => {
    expect(slices(buildPieOption(byHour, { theme })).map((s) => [s.name, s.value])).toEqual([
      ['Temp', 75],
      ['Hum', 165],
    ]);
    const sorted = slices(buildPieOption(byHour, { theme, sort: 'desc' }));
    expect(sorted.map((s) => [s.name, s.itemStyle.color])).toEqual([
      ['Hum', palette[1]],
      ['Temp', palette[0]],
    ]);
  });

  it('colours the slices a condition matches', () => {
    const colours = slices(
      buildPieOption(byDevice, { theme, conditions: [{ min: 8, color: '#ff0000' }] }),
    ).map((s) => s.itemStyle.color);
    expect(colours).toEqual([palette[0], '#ff0000', '#ff0000']);
  });
});

describe('a value axis per unit (defect 4)', () => {
  const mixed: ReportResult = {
    categories: ['2026-11-01T00:00:00', '2026-11-01T01:00:00'],
    dimension_is_time: true,
    bucket: 'hour',
    series: [
      { name: 'P1', values: [0.52, 0.55], min: null, max: null, unit: 'MPa', decimals: 2 },
      { name: 'T1', values: [61.5, 62], min: [60, 61], max: [63, 64], unit: '℃', decimals: 1 },
      { name: 'P2', values: [0.48, 0.5], min: null, max: null, unit: 'MPa', decimals: 2 },
    ],
    unit: null,
    total_rows: 2,
  };
  interface ValueAxis {
    type: string;
    name: string;
    position: string;
    offset: number;
  }
  type Placed = Series & { yAxisIndex?: number; xAxisIndex?: number };
  const axes = (option: EChartsOption, name: 'xAxis' | 'yAxis') =>
    (option[name] as ValueAxis[]).map((a) => [a.name, a.position, a.offset]);

  it("puts two units on two named axes, left and right, each series on its unit's", () => {
    const option = buildLineOption(mixed, { theme });
    expect(axes(option, 'yAxis')).toEqual([
      ['MPa', 'left', 0],
      ['℃', 'right', 0],
    ]);
    const placed = (option.series as Placed[]).map((s) => [s.id, s.yAxisIndex]);
    expect(placed).toEqual([
      ['s0', 0],
      ['s1', 1],
      ['s2', 0],
      ['s1-min', 1],
      ['s1-band', 1],
    ]);
  });

  it('offsets a third unit outward and gives unitless series one unnamed axis', () => {
    const three: ReportResult = {
      ...mixed,
      series: [
        ...mixed.series,
        { name: 'Flow', values: [3, 4], min: null, max: null, unit: 'm³/h', decimals: 1 },
        { name: 'Count', values: [1, 2], min: null, max: null, unit: null, decimals: 0 },
      ],
    };
    const option = buildGroupedBarOption(three, { theme });
    expect(axes(option, 'yAxis')).toEqual([
      ['MPa', 'left', 0],
      ['℃', 'right', 0],
      ['m³/h', 'left', 56],
      ['', 'right', 56],
    ]);
    expect((option.series as Placed[]).map((s) => s.yAxisIndex)).toEqual([0, 1, 0, 2, 3]);
  });

  it('lays the unit axes of lying bars at the bottom and top, and stacks per unit', () => {
    const lying = buildHorizontalBarOption(mixed, { theme });
    expect(axes(lying, 'xAxis')).toEqual([
      ['MPa', 'bottom', 0],
      ['℃', 'top', 0],
    ]);
    expect((lying.series as Placed[]).map((s) => s.xAxisIndex)).toEqual([0, 1, 0]);
    const stacked = buildStackedBarOption(mixed, { theme });
    expect(seriesOf(stacked).map((s) => s.stack)).toEqual(['total', 'total-1', 'total']);
  });

  it("keeps one axis named by the report's unit when the series share it", () => {
    const option = buildLineOption(byHour, { theme });
    expect(axes(option, 'yAxis')).toEqual([['℃', 'left', 0]]);
  });

  it('reads each series in its tooltip at its decimals and with its unit', () => {
    const option = buildLineOption(mixed, { theme, locale: 'en' });
    const formatter = (i: number) =>
      (option.series as { tooltip: { valueFormatter: (v: unknown) => string } }[])[i]!.tooltip.valueFormatter;
    expect(formatter(0)(0.5 + 0.05)).toBe('0.55 MPa');
    expect(formatter(1)(49.95000000000001)).toBe('50.0 ℃');
  });
});
