// The 7 dashboard themes (SPEC §1): the canvas background, the cards' background, border and glow, the title bar, and
// the text and accent colours, as CSS variables (`--dbv-…`) every card and widget reads, and as the WidgetTheme a
// widget gets, and each theme's marks on its cards (an accent bar before the titles, a line along the cards' tops).
// `tech` is the dark blue wall-screen look with glowing borders and corner marks; `default` is the
// console's own look.
import type { CSSProperties } from 'react';

import { colors } from '@/lib/theme';
import { DASHBOARD_THEME_DEFAULT, DASHBOARD_THEMES } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';
import type { WidgetTheme } from '../widgets/types';

export type DashboardThemeName = Schema<'DashboardIn'>['theme'];
export const DASHBOARD_THEME_NAMES = DASHBOARD_THEMES as readonly DashboardThemeName[];

export interface DashboardTheme {
  name: DashboardThemeName;
  /** Its name in the theme select (locales: dashboards.themes.<name>). */
  i18nKey: string;
  tone: 'dark' | 'light';
  /** The canvas's CSS background. */
  background: string;
  /** Around a letterboxed canvas. */
  letterbox: string;
  cardBackground: string;
  border: string;
  /** A card's box-shadow ('none' for none). */
  glow: string;
  titleBackground: string;
  text: string;
  textSecondary: string;
  accent: string;
  /** A quiet fill inside a card (a day of the weather, a hovered button). */
  inset: string;
  /** Corner marks on the cards (the tech look). */
  corners: boolean;
  /** An accent bar before each card's title. */
  mark: boolean;
  /** An accent line along each card's top edge. */
  topline: boolean;
}

const DARK_LETTERBOX = '#02050d';

/** The starry theme's stars: x and y within a tile, size, opacity and the tile's side, in px. */
const STARS: readonly (readonly [number, number, number, number, number])[] = [
  [24, 38, 1, 0.7, 173],
  [121, 92, 1.4, 0.8, 173],
  [67, 151, 1, 0.5, 173],
  [40, 20, 1, 0.55, 211],
  [160, 130, 1.2, 0.65, 211],
  [95, 188, 1, 0.45, 211],
  [210, 60, 1.6, 0.85, 257],
  [30, 210, 1, 0.5, 257],
  [140, 240, 1.2, 0.6, 257],
];
const LIGHT_LETTERBOX = '#dfe3ea';

const THEMES: Record<DashboardThemeName, DashboardTheme> = {
  glacierWhite: {
    name: 'glacierWhite',
    i18nKey: 'dashboards.themes.glacierWhite',
    tone: 'light',
    background: 'linear-gradient(160deg, #f4f9ff 0%, #e3eef9 100%)',
    letterbox: LIGHT_LETTERBOX,
    cardBackground: 'rgba(255, 255, 255, 0.92)',
    border: '#cfe0f1',
    glow: '0 2px 10px rgba(40, 96, 160, 0.08)',
    titleBackground: 'linear-gradient(90deg, rgba(47, 128, 237, 0.10), rgba(47, 128, 237, 0))',
    text: '#1b2b40',
    textSecondary: '#5a6e86',
    accent: '#2f80ed',
    inset: 'rgba(47, 128, 237, 0.06)',
    corners: false,
    mark: true,
    topline: false,
  },
  emeraldGreen: {
    name: 'emeraldGreen',
    i18nKey: 'dashboards.themes.emeraldGreen',
    tone: 'dark',
    background: 'radial-gradient(ellipse at 50% 0%, #0d4a3c 0%, #06281f 55%, #03170f 100%)',
    letterbox: DARK_LETTERBOX,
    cardBackground: 'rgba(6, 58, 45, 0.62)',
    border: 'rgba(32, 211, 154, 0.38)',
    glow: '0 0 10px rgba(32, 211, 154, 0.16)',
    titleBackground: 'linear-gradient(90deg, rgba(32, 211, 154, 0.24), rgba(32, 211, 154, 0))',
    text: '#e4fff4',
    textSecondary: '#8fcfb8',
    accent: '#20d39a',
    inset: 'rgba(32, 211, 154, 0.08)',
    corners: false,
    mark: true,
    topline: false,
  },
  sunlightOrange: {
    name: 'sunlightOrange',
    i18nKey: 'dashboards.themes.sunlightOrange',
    tone: 'light',
    background: 'linear-gradient(160deg, #fff8ef 0%, #ffe9d2 100%)',
    letterbox: LIGHT_LETTERBOX,
    cardBackground: 'rgba(255, 255, 255, 0.94)',
    border: '#ffd4a8',
    glow: '0 2px 10px rgba(250, 140, 22, 0.10)',
    titleBackground: 'linear-gradient(90deg, rgba(250, 140, 22, 0.14), rgba(250, 140, 22, 0))',
    text: '#3a2614',
    textSecondary: '#86664a',
    accent: '#fa8c16',
    inset: 'rgba(250, 140, 22, 0.07)',
    corners: false,
    mark: true,
    topline: true,
  },
  snorkelBlue: {
    name: 'snorkelBlue',
    i18nKey: 'dashboards.themes.snorkelBlue',
    tone: 'dark',
    background: 'linear-gradient(160deg, #0f4c75 0%, #0a3352 100%)',
    letterbox: DARK_LETTERBOX,
    cardBackground: 'rgba(18, 84, 128, 0.62)',
    border: 'rgba(95, 178, 235, 0.42)',
    glow: '0 2px 12px rgba(0, 20, 40, 0.3)',
    titleBackground: 'linear-gradient(90deg, rgba(63, 169, 245, 0.26), rgba(63, 169, 245, 0))',
    text: '#eaf5ff',
    textSecondary: '#a2c6e2',
    accent: '#3fa9f5',
    inset: 'rgba(63, 169, 245, 0.10)',
    corners: false,
    mark: false,
    topline: true,
  },
  starryBlue: {
    name: 'starryBlue',
    i18nKey: 'dashboards.themes.starryBlue',
    tone: 'dark',
    // A field of stars, tiled at three sizes so it does not repeat visibly, over a deep blue night.
    background: [
      ...STARS.map(([x, y, size, alpha, tile]) => {
        const dot = `radial-gradient(${String(size)}px ${String(size)}px at ${String(x)}px ${String(y)}px`;
        return `${dot}, rgba(255, 255, 255, ${String(alpha)}) 50%, transparent 51%) 0 0 / ${String(tile)}px ${String(tile)}px`;
      }),
      'radial-gradient(ellipse at 50% 110%, #1b2a6b 0%, #0b1437 55%, #050a1f 100%)',
    ].join(', '),
    letterbox: DARK_LETTERBOX,
    // Dense enough that the stars stay behind the cards.
    cardBackground: 'rgba(20, 30, 82, 0.88)',
    border: 'rgba(108, 140, 255, 0.4)',
    glow: '0 0 14px rgba(108, 140, 255, 0.16)',
    titleBackground: 'linear-gradient(90deg, rgba(108, 140, 255, 0.26), rgba(108, 140, 255, 0))',
    text: '#e8edff',
    textSecondary: '#9ba6d8',
    accent: '#7c9bff',
    inset: 'rgba(108, 140, 255, 0.10)',
    corners: false,
    mark: true,
    topline: false,
  },
  default: {
    name: 'default',
    i18nKey: 'dashboards.themes.default',
    tone: 'light',
    background: colors.bgLayout,
    letterbox: LIGHT_LETTERBOX,
    cardBackground: colors.bgContainer,
    border: colors.border,
    glow: '0 1px 4px rgba(0, 0, 0, 0.05)',
    titleBackground: 'transparent',
    text: colors.text,
    textSecondary: colors.textSecondary,
    accent: colors.primary,
    inset: colors.fillLight,
    corners: false,
    mark: false,
    topline: false,
  },
  tech: {
    name: 'tech',
    i18nKey: 'dashboards.themes.tech',
    tone: 'dark',
    background: [
      'radial-gradient(ellipse at 50% -10%, rgba(0, 140, 255, 0.32) 0%, rgba(0, 140, 255, 0) 55%)',
      'linear-gradient(rgba(0, 174, 255, 0.05) 1px, transparent 1px) 0 0 / 40px 40px',
      'linear-gradient(90deg, rgba(0, 174, 255, 0.05) 1px, transparent 1px) 0 0 / 40px 40px',
      'linear-gradient(180deg, #061a40 0%, #030b22 100%)',
    ].join(', '),
    letterbox: DARK_LETTERBOX,
    cardBackground: 'linear-gradient(180deg, rgba(10, 48, 112, 0.55) 0%, rgba(5, 24, 64, 0.55) 100%)',
    border: 'rgba(0, 174, 255, 0.45)',
    glow: '0 0 12px rgba(0, 174, 255, 0.22), inset 0 0 18px rgba(0, 174, 255, 0.12)',
    titleBackground: 'linear-gradient(90deg, rgba(0, 174, 255, 0.30), rgba(0, 174, 255, 0))',
    text: '#e6f4ff',
    textSecondary: '#8fb5e3',
    accent: '#00e5ff',
    inset: 'rgba(0, 174, 255, 0.10)',
    corners: true,
    mark: true,
    topline: false,
  },
};

export const DASHBOARD_THEME_LIST: readonly DashboardTheme[] = DASHBOARD_THEME_NAMES.map(
  (name) => THEMES[name],
);

export function isDashboardThemeName(value: unknown): value is DashboardThemeName {
  return typeof value === 'string' && (DASHBOARD_THEME_NAMES as readonly string[]).includes(value);
}

/** A theme by name; an unknown one gives the default theme (tech). */
export function dashboardTheme(name: string | null | undefined): DashboardTheme {
  return isDashboardThemeName(name) ? THEMES[name] : THEMES[DASHBOARD_THEME_DEFAULT as DashboardThemeName];
}

/** The classes of a card in `theme` (dashboard-view.css): its corner marks, title mark and top line. */
export function cardClasses(theme: DashboardTheme): string {
  return [
    'dbv-card',
    theme.corners ? 'dbv-card--corners' : '',
    theme.mark ? 'dbv-card--mark' : '',
    theme.topline ? 'dbv-card--topline' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The theme's CSS variables, set on the canvas (and on a card shown full screen, outside it). */
export function themeStyle(theme: DashboardTheme): CSSProperties {
  return {
    '--dbv-bg': theme.background,
    '--dbv-letterbox': theme.letterbox,
    '--dbv-card-bg': theme.cardBackground,
    '--dbv-border': theme.border,
    '--dbv-glow': theme.glow,
    '--dbv-title-bg': theme.titleBackground,
    '--dbv-text': theme.text,
    '--dbv-text-2': theme.textSecondary,
    '--dbv-accent': theme.accent,
    '--dbv-inset': theme.inset,
    '--dbv-mark-glow': theme.tone === 'dark' ? `0 0 6px ${theme.accent}` : 'none',
    '--dbv-float-bg': theme.tone === 'dark' ? 'rgba(0, 0, 0, 0.32)' : 'rgba(255, 255, 255, 0.78)',
  } as CSSProperties;
}

/** What a widget reads of the theme, with the dashboard's chart theme. */
export function widgetTheme(theme: DashboardTheme, chartTheme: string): WidgetTheme {
  return {
    name: theme.name,
    tone: theme.tone,
    chartTheme,
    text: theme.text,
    textSecondary: theme.textSecondary,
    accent: theme.accent,
    cardBackground: theme.cardBackground,
    border: theme.border,
  };
}
