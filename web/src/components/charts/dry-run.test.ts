import { afterEach, describe, expect, it } from 'vitest';

import { setUserZone } from '@/lib/timezone';
import { buildDryRunOption, valueAt } from './dry-run';

const T0 = Date.UTC(2027, 0, 6, 0, 0, 0);
const MIN = 60_000;

const points = [
  { ts: T0 + 2 * MIN, value: 82 },
  { ts: T0, value: 70 },
  { ts: T0 + MIN, value: null },
  { ts: T0 + 3 * MIN, value: 75 },
];

type Series = {
  data: [number, number | null][];
  markLine: { data: { xAxis: number }[] };
  markPoint: { data: { coord: [number, number] }[] };
};

afterEach(() => {
  setUserZone(null);
});

describe('the dry run timeline', () => {
  it('reads the line’s height at a firing from the last value before it', () => {
    expect(
      valueAt(
        points.slice().sort((a, b) => a.ts - b.ts),
        T0 + MIN + 30_000,
      ),
    ).toBe(70);
    expect(
      valueAt(
        points.slice().sort((a, b) => a.ts - b.ts),
        T0 + 2 * MIN,
      ),
    ).toBe(82);
    expect(valueAt(points, T0 - 1)).toBeNull();
  });

  it('draws the points in order and a mark line and point at each firing', () => {
    const option = buildDryRunOption({
      name: '温度 (℃)',
      points,
      firings: [T0 + 3 * MIN, T0 + 2 * MIN],
      range: [T0, T0 + 10 * MIN],
      firingLabel: '触发',
    }) as { series: Series[]; xAxis: { min: number; max: number }; legend: { data: string[] } };
    const [line] = option.series;
    expect(line!.data).toEqual([
      [T0, 70],
      [T0 + MIN, null],
      [T0 + 2 * MIN, 82],
      [T0 + 3 * MIN, 75],
    ]);
    expect(line!.markLine.data.map((d) => d.xAxis)).toEqual([T0 + 2 * MIN, T0 + 3 * MIN]);
    expect(line!.markPoint.data.map((d) => d.coord)).toEqual([
      [T0 + 2 * MIN, 82],
      [T0 + 3 * MIN, 75],
    ]);
    expect(option.xAxis).toMatchObject({ min: T0, max: T0 + 10 * MIN });
    expect(option.legend.data).toEqual(['温度 (℃)']);
  });

  it('moves every time by the viewer’s zone onto a UTC axis', () => {
    setUserZone('Asia/Shanghai');
    const option = buildDryRunOption({
      name: 'v',
      points: [{ ts: T0, value: 1 }],
      firings: [T0],
      range: [T0, T0 + MIN],
      firingLabel: 'f',
    }) as { series: Series[]; useUTC?: boolean };
    const shift = 8 * 3_600_000;
    expect(option.useUTC).toBe(true);
    expect(option.series[0]!.data).toEqual([[T0 + shift, 1]]);
    expect(option.series[0]!.markLine.data[0]!.xAxis).toBe(T0 + shift);
  });
});
