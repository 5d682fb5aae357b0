// The surface a report chart is drawn on, when it is not a page of its own: a dashboard's card. There the chart takes
// the card's background (it draws on none), the dashboard theme's text colours and lines of its tone, keeps its chart
// theme's palette (and the glow, on a dark surface), leaves out the zoom slider a wall screen cannot use, and lets an
// indicator grow to fill its card. A tech chart theme on a light dashboard reads as coloured lines on that dashboard,
// not as a dark box on it.
import { createContext } from 'react';

import type { ChartTheme } from './themes';

export interface ChartSurface {
  tone: 'dark' | 'light';
  text: string;
  textSecondary: string;
  /** How much larger than designed the indicator card's figure may grow to fill its box (1: never larger). */
  grow: number;
}

/** Provided around the cards of a dashboard (dashboards/view); none elsewhere: the chart theme's own look. */
export const ChartSurfaceContext = createContext<ChartSurface | null>(null);

const LINES = {
  dark: {
    axisLine: 'rgba(255, 255, 255, 0.28)',
    splitLine: 'rgba(255, 255, 255, 0.10)',
    tooltip: 'rgba(6, 16, 36, 0.92)',
  },
  light: {
    axisLine: 'rgba(0, 0, 0, 0.25)',
    splitLine: 'rgba(0, 0, 0, 0.08)',
    tooltip: 'rgba(255, 255, 255, 0.96)',
  },
} as const;

/** `theme` as drawn on `surface` (the theme itself without one). */
export function onSurface(theme: ChartTheme, surface: ChartSurface | null): ChartTheme {
  if (!surface) return theme;
  const lines = LINES[surface.tone];
  return {
    ...theme,
    dark: surface.tone === 'dark',
    background: 'transparent',
    text: surface.text,
    textSecondary: surface.textSecondary,
    axisLine: lines.axisLine,
    splitLine: lines.splitLine,
    tooltipBackground: lines.tooltip,
    // A glow blurs on a light surface; it lights up a dark one.
    glow: surface.tone === 'dark' ? theme.glow : 0,
  };
}
