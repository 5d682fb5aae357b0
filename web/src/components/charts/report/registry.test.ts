// The chart registry, the themes, the data colour conditions, the bucket labels and the print page: pure look-ups.
import { describe, expect, it } from 'vitest';

import { colors } from '@/lib/theme';
import en from '@/locales/en/report-charts.json';
import zh from '@/locales/zh/report-charts.json';

import {
  REPORT_CHART_THEME_DEFAULT,
  REPORT_CHART_THEMES,
  REPORT_COLOUR_CONDITIONS_MAX,
} from '@/types/limits.gen';

import { COLOUR_CONDITIONS_MAX, conditionColour, toColourConditions, usableConditions } from './conditions';
import { bucketFormat, categoryOrder, formatBucket } from './format';
import { printPageSize, printRootClass } from './print';
import { CHART_ENTRIES, CHART_REGISTRY, CHART_TYPES, chartEntry } from './registry';
import {
  CHART_PALETTE_SIZE,
  CHART_THEME_IDS,
  CHART_THEMES,
  chartTheme,
  DEFAULT_CHART_THEME,
  paletteColour,
} from './themes';
import type { ReportResult } from './types';

function text(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

const result: ReportResult = {
  categories: ['2026-11-05T14:00:00', '2026-11-05T15:00:00'],
  dimension_is_time: true,
  bucket: 'hour',
  series: [{ name: 'P', values: [1, 2], min: [0, 1], max: [3, 4] }],
  unit: 'kW',
  total_rows: 2,
};

describe('chart registry', () => {
  it('has an entry for every chart type 1–8, named in both languages', () => {
    expect(CHART_TYPES).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(CHART_ENTRIES.map((e) => e.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const entry of CHART_ENTRIES) {
      expect(typeof text(zh, entry.i18nKey), entry.i18nKey).toBe('string');
      expect(typeof text(en, entry.i18nKey), entry.i18nKey).toBe('string');
      expect(entry.icon).toBeTruthy();
    }
    expect(CHART_REGISTRY[8].i18nKey).toBe('report.charts.type.sortedBar');
  });

  it('gives each type its kind, ECharts types their parts, and builds each from a result', () => {
    expect(CHART_ENTRIES.map((e) => e.kind)).toEqual(['card', 'table', ...Array<string>(6).fill('echarts')]);
    const theme = chartTheme('green');
    for (const entry of CHART_ENTRIES) {
      if (entry.kind === 'echarts') {
        expect([entry.parts].flat().length).toBeGreaterThan(0);
        expect(entry.build(result, { theme }).backgroundColor).toBe(theme.background);
      } else if (entry.kind === 'card') {
        expect(entry.build(result, { theme }).value).toBe(2);
      } else {
        expect(entry.build(result, { theme }).rows).toHaveLength(2);
      }
    }
  });

  it('knows no other code', () => {
    expect(chartEntry(3)?.kind).toBe('echarts');
    expect(chartEntry(0)).toBeNull();
    expect(chartEntry(9)).toBeNull();
    expect(chartEntry('3')).toBeNull();
  });
});

describe('chart themes', () => {
  it('lists the six themes with 10 distinct colours each, named in both languages', () => {
    expect(CHART_THEMES.map((t) => t.id)).toEqual([...CHART_THEME_IDS]);
    expect(CHART_THEME_IDS).toEqual(['orange', 'orangeTech', 'blue', 'blueTech', 'green', 'greenTech']);
    // The server's ids, default and limit (core/limits.py through limits.gen.ts): one source.
    expect(CHART_THEME_IDS).toBe(REPORT_CHART_THEMES);
    expect(DEFAULT_CHART_THEME).toBe(REPORT_CHART_THEME_DEFAULT);
    expect(COLOUR_CONDITIONS_MAX).toBe(REPORT_COLOUR_CONDITIONS_MAX);
    for (const theme of CHART_THEMES) {
      expect(theme.palette).toHaveLength(CHART_PALETTE_SIZE);
      expect(new Set(theme.palette).size).toBe(CHART_PALETTE_SIZE);
      expect(theme.dark).toBe(theme.id.endsWith('Tech'));
      expect(theme.glow > 0).toBe(theme.dark);
      expect(typeof text(zh, theme.i18nKey)).toBe('string');
      expect(typeof text(en, theme.i18nKey)).toBe('string');
    }
  });

  it('takes the light themes from the design tokens', () => {
    expect(chartTheme('blue').palette[0]).toBe(colors.primary);
    expect(chartTheme('green').palette[0]).toBe(colors.success);
    expect(chartTheme('orange').palette[0]).toBe(colors.warning);
    expect(chartTheme('blue').background).toBe(colors.bgContainer);
  });

  it('looks a theme up by id, the default for an unknown one', () => {
    expect(chartTheme('orangeTech').id).toBe('orangeTech');
    expect(chartTheme('purple').id).toBe(DEFAULT_CHART_THEME);
    expect(chartTheme(null).id).toBe(DEFAULT_CHART_THEME);
    const blue = chartTheme('blue');
    expect(paletteColour(blue, 10)).toBe(blue.palette[0]);
    expect(paletteColour(blue, 13)).toBe(blue.palette[3]);
  });
});

describe('data colour conditions', () => {
  const conditions = [
    { min: 0, max: 10, color: 'green' },
    { min: 10, color: 'red' },
    { max: 0, color: 'blue' },
  ];

  it('match min inclusive, max exclusive, the first that matches', () => {
    expect(conditionColour(0, conditions)).toBe('green');
    expect(conditionColour(9.99, conditions)).toBe('green');
    expect(conditionColour(10, conditions)).toBe('red');
    expect(conditionColour(-1, conditions)).toBe('blue');
    expect(conditionColour(null, conditions)).toBeNull();
    expect(conditionColour(5, [{ min: 6, color: 'x' }])).toBeNull();
  });

  it(`keep at most ${COLOUR_CONDITIONS_MAX}, and none without a colour or with min ≥ max`, () => {
    const many = Array.from({ length: 15 }, (_v, i) => ({ min: i, max: i + 1, color: `#00000${i % 10}` }));
    expect(usableConditions(many)).toHaveLength(COLOUR_CONDITIONS_MAX);
    expect(usableConditions([{ min: 5, max: 5, color: 'x' }, { color: '' }, { min: 1, color: 'y' }])).toEqual(
      [{ min: 1, color: 'y' }],
    );
  });
});

describe('saved conditions', () => {
  it('read with open bounds left out', () => {
    expect(
      toColourConditions([
        { min: null, max: 3, color: '#111111' },
        { min: 3, max: null, color: '#222222' },
        { min: 0, max: 0.5, color: '#333333' },
      ]),
    ).toEqual([
      { max: 3, color: '#111111' },
      { min: 3, color: '#222222' },
      { min: 0, max: 0.5, color: '#333333' },
    ]);
    expect(toColourConditions(null)).toEqual([]);
  });
});

describe('bucket labels and order', () => {
  it.each([
    ['year', '2026'],
    ['month', '2026-11'],
    ['week', '11-05'],
    ['day', '11-05'],
    ['hour', '11-05 14:00'],
    ['minute', '14:37'],
  ] as const)('read a %s bucket as %s', (bucket, label) => {
    expect(formatBucket('2026-11-05T14:37:00', bucket)).toBe(label);
    expect(formatBucket(new Date(2026, 10, 5, 14, 37).getTime(), bucket)).toBe(label);
  });

  it('read without a bucket in full, and leave what is no time as it is', () => {
    expect(bucketFormat(null)).toBe('YYYY-MM-DD HH:mm');
    expect(formatBucket('Boiler 1', 'day')).toBe('Boiler 1');
  });

  it('keep time order unless forced', () => {
    const values = { ...result, series: [{ name: 'P', values: [1, 2], min: null, max: null }] };
    expect(categoryOrder(values, 'desc')).toEqual([0, 1]);
    expect(categoryOrder(values, 'desc', true)).toEqual([1, 0]);
  });
});

describe('print layout', () => {
  it('gives A4 in CSS px at 96 dpi with 10 mm margins', () => {
    expect(printPageSize('A4', 'portrait')).toEqual({
      width: 793.7,
      height: 1122.5,
      margin: 37.8,
      contentWidth: 718,
      contentHeight: 1046,
    });
    expect(printPageSize('A4', 'landscape')).toEqual({
      width: 1122.5,
      height: 793.7,
      margin: 37.8,
      contentWidth: 1046,
      contentHeight: 718,
    });
  });

  it('names the root class of each orientation', () => {
    expect(printRootClass('landscape')).toBe('report-print report-print--landscape');
  });
});
