// The indicator card and table view models against a small fixed result.
import { describe, expect, it } from 'vitest';

import { buildCardModel, buildTableModel } from './build-card';
import { chartTheme } from './themes';
import type { ReportResult } from './types';

const theme = chartTheme('blue');
const palette = theme.palette;
const hot = [{ min: 25, color: '#ff0000' }];

const byHour: ReportResult = {
  categories: ['2026-11-01T00:00:00', '2026-11-01T01:00:00', '2026-11-01T02:00:00', '2026-11-01T03:00:00'],
  dimension_is_time: true,
  bucket: 'hour',
  series: [
    { name: 'Temp', values: [20, null, 25, 30], min: null, max: null },
    { name: 'Hum', values: [50, 55, null, 60], min: null, max: null },
  ],
  unit: '℃',
  total_rows: 4,
};

const byDevice: ReportResult = {
  categories: ['A', 'B'],
  dimension_is_time: false,
  bucket: null,
  series: [{ name: 'Count', values: [5, 7], min: null, max: null }],
  unit: null,
  total_rows: 2,
};

describe('indicator card (type 1) and table (type 2)', () => {
  it('shows the latest value with its trend and the theme colour', () => {
    expect(buildCardModel(byHour, { theme, title: 'Now' })).toEqual({
      title: 'Now',
      value: 30,
      unit: '℃',
      decimals: null,
      colour: palette[0],
      trend: { previous: 25, delta: 5, direction: 'up' },
    });
  });

  it('takes a condition colour, and shows nothing for a result without values', () => {
    expect(buildCardModel(byHour, { theme, conditions: hot }).colour).toBe('#ff0000');
    expect(buildCardModel(byDevice, { theme }).trend).toBeUndefined();
    const empty = buildCardModel({ ...byHour, series: [] }, { theme });
    expect(empty.value).toBeNull();
    expect(empty.trend).toBeUndefined();
  });

  it('lists a row per category and a column per series, gaps as null', () => {
    const table = buildTableModel(byHour, { theme, conditions: hot });
    expect(table.columns.map((c) => c.key)).toEqual(['category', 's0', 's1']);
    expect(table.rows[1]).toEqual({
      key: '1',
      category: '2026-11-01 01:00',
      values: [null, 55],
      colours: [null, '#ff0000'],
    });
    expect(table.rows[3]!.colours).toEqual(['#ff0000', '#ff0000']);
    expect(table.totalRows).toBe(4);
  });

  it('heads each column with its own unit and decimals, and writes times in full (defect 5)', () => {
    const mixed: ReportResult = {
      ...byHour,
      series: [
        { name: 'P', values: [0.5, 0.6, 0.7, 0.8], min: null, max: null, unit: 'MPa', decimals: 2 },
        { name: 'T', values: [20, 21, 22, 23], min: null, max: null, unit: '℃', decimals: 1 },
      ],
      unit: null,
    };
    const table = buildTableModel(mixed, { theme });
    expect(table.columns.map((c) => [c.key, c.unit, c.decimals])).toEqual([
      ['category', null, null],
      ['s0', 'MPa', 2],
      ['s1', '℃', 1],
    ]);
    expect(table.rows.map((r) => r.category)).toEqual([
      '2026-11-01 00:00',
      '2026-11-01 01:00',
      '2026-11-01 02:00',
      '2026-11-01 03:00',
    ]);
    expect(buildCardModel(mixed, { theme })).toMatchObject({ unit: 'MPa', decimals: 2 });
  });
});
