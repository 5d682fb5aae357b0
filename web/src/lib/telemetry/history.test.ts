import { describe, expect, it } from 'vitest';

import type { HistorySeries } from './types';
import {
  buildHistoryOption,
  buildHistoryParams,
  clampWidth,
  fillParam,
  formatPoint,
  presetRange,
  rangeError,
  timeFormat,
  type HistoryForm,
} from './history';

const DAY = 86_400_000;
const form: HistoryForm = {
  ids: [41, 42],
  start: 1_000,
  end: 1_000 + DAY,
  bucket: 'hour',
  agg: 'max',
  fill: 'none',
  fillValue: null,
};

describe('presetRange', () => {
  it('ends now and spans the preset', () => {
    expect(presetRange('hour', 10 * DAY)).toEqual([10 * DAY - 3_600_000, 10 * DAY]);
    expect(presetRange('day', 10 * DAY)).toEqual([9 * DAY, 10 * DAY]);
    expect(presetRange('week', 10 * DAY)).toEqual([3 * DAY, 10 * DAY]);
    expect(presetRange('month', 40 * DAY)).toEqual([10 * DAY, 40 * DAY]);
  });
});

describe('rangeError', () => {
  it('refuses end before start and more than 366 days', () => {
    expect(rangeError(2, 1)).toBe('order');
    expect(rangeError(0, 366 * DAY)).toBeNull();
    expect(rangeError(0, 366 * DAY + 1)).toBe('tooLong');
  });
});

describe('buildHistoryParams', () => {
  it('sends ids, range, bucket, agg, fill, width and tz', () => {
    expect(buildHistoryParams(12, form, 812.4, 480)).toEqual({
      device_id: 12,
      ids: '41,42',
      start: 1_000,
      end: 1_000 + DAY,
      bucket: 'hour',
      agg: 'max',
      fill: 'none',
      width: 812,
      tz: 480,
    });
  });

  it('leaves agg out for raw series and sends a fill number', () => {
    const params = buildHistoryParams(
      12,
      { ...form, bucket: 'raw', fill: 'number', fillValue: -1.5 },
      500,
      0,
    );
    expect(params).not.toHaveProperty('agg');
    expect(params?.fill).toBe('-1.5');
  });

  it('asks nothing without data sources or with a bad range, and caps ids at 10', () => {
    expect(buildHistoryParams(12, { ...form, ids: [] }, 500, 0)).toBeNull();
    expect(buildHistoryParams(12, { ...form, end: 0 }, 500, 0)).toBeNull();
    const many = buildHistoryParams(
      12,
      { ...form, ids: Array.from({ length: 12 }, (_, i) => i + 1) },
      500,
      0,
    );
    expect(many?.ids.split(',')).toHaveLength(10);
  });
});

describe('clampWidth and fillParam', () => {
  it('keeps the width within 10–10000', () => {
    expect(clampWidth(5)).toBe(10);
    expect(clampWidth(20_000)).toBe(10_000);
    expect(clampWidth(null)).toBe(1000);
    expect(clampWidth(0)).toBe(1000);
  });

  it('sends the mode or the number', () => {
    expect(fillParam('linear', 3)).toBe('linear');
    expect(fillParam('number', 0)).toBe('0');
    expect(fillParam('number', null)).toBe('none');
  });
});

const pressure: HistorySeries = {
  id: 41,
  name: '压力<b>',
  unit: 'MPa',
  decimals: 2,
  points: [
    [1_000, 0.8],
    [2_000, null],
    [3_000, 0.823],
  ],
};
const temp: HistorySeries = { id: 42, name: '温度', unit: '℃', decimals: 1, points: [[1_000, 20]] };
const flow: HistorySeries = { id: 43, name: '流量', unit: 'm³/h', decimals: 0, points: [[1_000, 3]] };

interface Option {
  yAxis: { name: string; position: string }[];
  series: { name: string; yAxisIndex: number; data: unknown; showSymbol: boolean }[];
  tooltip: { formatter: (p: unknown) => string };
  xAxis: { type: string };
}

describe('buildHistoryOption', () => {
  it('draws one line per series on a time axis', () => {
    const option = buildHistoryOption([pressure], 'raw') as unknown as Option;
    expect(option.xAxis.type).toBe('time');
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ name: '压力<b> (MPa)', yAxisIndex: 0, showSymbol: true });
    expect(option.series[0]?.data).toBe(pressure.points);
    expect(option.yAxis).toHaveLength(1);
    expect(option.yAxis[0]?.name).toBe('MPa');
  });

  it('gives two units an axis each, left and right, named by their units', () => {
    const ranged = buildHistoryOption([pressure], 'raw', [1000, 2000]) as unknown as {
      xAxis: { min: number; max: number };
    };
    expect([ranged.xAxis.min, ranged.xAxis.max]).toEqual([1000, 2000]);
    const two = buildHistoryOption([pressure, temp], 'hour') as unknown as Option;
    expect(two.yAxis.map((a) => [a.name, a.position])).toEqual([
      ['MPa', 'left'],
      ['℃', 'right'],
    ]);
    expect(two.series.map((s) => s.yAxisIndex)).toEqual([0, 1]);
  });

  it('gives a third unit an axis of its own, offset outward, and unitless series one unnamed axis', () => {
    const bare: HistorySeries = { id: 44, name: '计数', unit: null, decimals: 0, points: [[1_000, 3]] };
    const three = buildHistoryOption([pressure, temp, flow, bare], 'hour') as unknown as {
      yAxis: { name: string; position: string; offset: number }[];
      series: { yAxisIndex: number }[];
    };
    expect(three.yAxis.map((a) => [a.name, a.position, a.offset])).toEqual([
      ['MPa', 'left', 0],
      ['℃', 'right', 0],
      ['m³/h', 'left', 56],
      ['', 'right', 56],
    ]);
    expect(three.series.map((s) => s.yAxisIndex)).toEqual([0, 1, 2, 3]);
  });

  it('formats the tooltip with decimals and units, escaping names', () => {
    const option = buildHistoryOption([pressure, temp], 'day') as unknown as Option;
    const html = option.tooltip.formatter([
      { seriesIndex: 0, marker: '●', value: [Date.UTC(2026, 0, 2, 12), 0.823] },
      { seriesIndex: 1, marker: '●', value: [Date.UTC(2026, 0, 2, 12), null] },
    ]);
    expect(html).toContain('2026-01-02');
    expect(html).toContain('●压力&#60;b&#62;: <b>0.82</b> MPa');
    expect(html).toContain('●温度: <b>-</b>');
  });
});

describe('timeFormat and formatPoint', () => {
  it('reads times by bucket and values by decimals', () => {
    expect(timeFormat('raw')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(timeFormat('month')).toBe('YYYY-MM');
    expect(formatPoint(1.005, 1)).toBe('1.0');
    expect(formatPoint(null, 1)).toBe('-');
    expect(formatPoint(3, null)).toBe('3');
  });
});
