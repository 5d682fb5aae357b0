// The device history chart and the screens' trend chart: pure option builders, no chart is drawn.
import { describe, expect, it } from 'vitest';

import type { HistorySeries } from '@/lib/telemetry/types';
import { buildHistoryOption, buildTrendOption, timeFormat } from './history';

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

describe('timeFormat', () => {
  it('reads times by bucket', () => {
    expect(timeFormat('raw')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(timeFormat('month')).toBe('YYYY-MM');
  });
});

describe('buildTrendOption', () => {
  it('is the history chart’s line option over the window, without its zoom slider', () => {
    const option = buildTrendOption(
      [{ id: 1, name: '温度', unit: '℃', decimals: 1, points: [[1000, 20]] }],
      [0, 1000],
    ) as {
      series: { name: string; data: unknown }[];
      xAxis: { min: number; max: number };
      dataZoom: unknown[];
    };
    expect(option.series[0]?.name).toBe('温度 (℃)');
    expect(option.series[0]?.data).toEqual([[1000, 20]]);
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 1000 });
    expect(option.dataZoom).toEqual([]);
  });

  it('spans the data itself before any point has a time', () => {
    const option = buildTrendOption(
      [{ id: 1, name: 'a', unit: null, decimals: null, points: [] }],
      undefined,
    ) as {
      xAxis: Record<string, unknown>;
    };
    expect(option.xAxis).not.toHaveProperty('min');
    expect(option.xAxis).not.toHaveProperty('max');
  });
});
