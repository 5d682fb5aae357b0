// A report chart on a dashboard's card: the card's background and the dashboard theme's text, the chart theme's
// palette, no zoom slider.
import { describe, expect, it } from 'vitest';

import type { EChartsOption } from '../echart';
import { buildGroupedBarOption } from './build-bar';
import { buildLineOption } from './build-line';
import { onSurface, type ChartSurface } from './surface';
import { chartTheme } from './themes';
import type { ReportResult } from './types';

const light: ChartSurface = { tone: 'light', text: '#1b2b40', textSecondary: '#5a6e86', grow: 4 };
const dark: ChartSurface = { tone: 'dark', text: '#e6f4ff', textSecondary: '#8fb5e3', grow: 4 };

const times = (n: number): ReportResult => ({
  categories: Array.from({ length: n }, (_v, i) => `2026-11-29 ${String(i % 24).padStart(2, '0')}:00`),
  dimension_is_time: true,
  bucket: 'hour',
  unit: 'MPa',
  total_rows: n,
  series: [{ name: '压力', values: Array.from({ length: n }, (_v, i) => i / 10) }],
});

describe('a chart on a surface', () => {
  it('is its theme itself without one', () => {
    expect(onSurface(chartTheme('blueTech'), null)).toBe(chartTheme('blueTech'));
  });

  it("draws a tech theme's palette on a light dashboard: no dark box, the dashboard's text, no glow", () => {
    const theme = onSurface(chartTheme('blueTech'), light);
    expect(theme.background).toBe('transparent');
    expect(theme.text).toBe(light.text);
    expect(theme.textSecondary).toBe(light.textSecondary);
    expect(theme.palette).toEqual(chartTheme('blueTech').palette);
    expect(theme.glow).toBe(0);
    expect(theme.dark).toBe(false);
  });

  it('keeps the glow of a tech theme on a dark dashboard', () => {
    const theme = onSurface(chartTheme('greenTech'), dark);
    expect(theme.background).toBe('transparent');
    expect(theme.glow).toBe(chartTheme('greenTech').glow);
    expect(onSurface(chartTheme('green'), dark).text).toBe(dark.text);
  });

  it('leaves the zoom slider out of a compact chart (the wheel and a drag still zoom)', () => {
    const theme = onSurface(chartTheme('blue'), light);
    const zooms = (option: EChartsOption) =>
      ((option.dataZoom ?? []) as { type: string }[]).map((zoom) => zoom.type);
    expect(zooms(buildLineOption(times(24), { theme }))).toEqual(['inside', 'slider']);
    expect(zooms(buildLineOption(times(24), { theme, compact: true }))).toEqual(['inside']);
    expect(zooms(buildGroupedBarOption(times(600), { theme }))).toEqual(['inside', 'slider']);
    expect(zooms(buildGroupedBarOption(times(600), { theme, compact: true }))).toEqual(['inside']);
  });
});
