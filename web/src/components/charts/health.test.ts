// The health trend's builder against small fixed series: pure, no chart is drawn.
import { describe, expect, it } from 'vitest';

import { buildHealthTrendOption, withGaps } from './health';

const texts = { name: 'Gateways online', format: (v: number) => `${v} gw` };

describe('buildHealthTrendOption', () => {
  it('draws the points on a time axis from zero, formatted by the page', () => {
    const option = buildHealthTrendOption(
      [
        { t: 0, value: 3 },
        { t: 300_000, value: 4 },
      ],
      300,
      texts,
    );
    const series = option.series as { type: string; name: string; data: unknown[] }[];
    expect(series[0]?.type).toBe('line');
    expect(series[0]?.name).toBe('Gateways online');
    expect(series[0]?.data).toEqual([
      [0, 3],
      [300_000, 4],
    ]);
    expect((option.xAxis as { type: string }).type).toBe('time');
    const y = option.yAxis as { min: number; axisLabel: { formatter: (v: number) => string } };
    expect(y.min).toBe(0);
    expect(y.axisLabel.formatter(5)).toBe('5 gw');
  });

  it('breaks the line where no sample was taken', () => {
    expect(
      withGaps(
        [
          { t: 0, value: 1 },
          { t: 300_000, value: 2 },
          { t: 3_000_000, value: 5 },
        ],
        300,
      ),
    ).toEqual([
      [0, 1],
      [300_000, 2],
      [600_000, null],
      [3_000_000, 5],
    ]);
  });

  it('spans the window asked for, and dots a few points', () => {
    const option = buildHealthTrendOption([{ t: 5_000, value: 1 }], 300, texts, '#000', [0, 86_400_000]);
    expect(option.xAxis).toMatchObject({ min: 0, max: 86_400_000 });
    expect((option.series as { showSymbol: boolean }[])[0]?.showSymbol).toBe(true);
  });

  it('draws nothing for no points', () => {
    const option = buildHealthTrendOption([], 300, texts);
    expect((option.series as { data: unknown[] }[])[0]?.data).toEqual([]);
  });
});
