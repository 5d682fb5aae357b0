// The statistic as the report charts take it.
import { describe, expect, it } from 'vitest';

import { toReportResult } from './statistic';

describe('toReportResult', () => {
  it("keeps each series' unit and decimals, so the charts put each unit on its own axis", () => {
    const result = toReportResult({
      categories: ['2026-11-21T17:00:00+08:00'],
      dimension_is_time: true,
      bucket: 'hour',
      series: [
        { name: '排气压力', values: [0.5], min: null, max: null, unit: 'MPa', decimals: 2 },
        { name: '排气温度', values: [60], unit: '℃', decimals: 1 },
      ],
      unit: null,
      total_rows: 1,
    });
    expect(result.series.map((s) => [s.unit, s.decimals])).toEqual([
      ['MPa', 2],
      ['℃', 1],
    ]);
  });
});
