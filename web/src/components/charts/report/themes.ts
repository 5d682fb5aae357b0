// The report chart themes (SPEC §9): orange, orange tech, blue, blue tech, green, green tech. Each has 10 colours;
// a "tech" theme is a dark screen with glowing accents. The light themes take their base colours, text and lines from
// the design tokens (lib/theme.ts), so a light report chart sits on a console page like the rest of its charts.
//
// The theme ids and the default are the server's (core/limits.py REPORT_CHART_THEMES, a report's `theme`), read from
// the generated limits and schema: a theme the server adds or renames fails the type check of THEMES below.
import { colors } from '@/lib/theme';
import { REPORT_CHART_THEME_DEFAULT, REPORT_CHART_THEMES } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';

export type ChartThemeId = Schema<'ReportOut'>['theme'];
/** The themes in picker order (the server's order). */
export const CHART_THEME_IDS = REPORT_CHART_THEMES as readonly ChartThemeId[];

/** Colours a palette has (SPEC §9: "Chart palettes have 10 colours"). */
export const CHART_PALETTE_SIZE = 10;

export const DEFAULT_CHART_THEME = REPORT_CHART_THEME_DEFAULT as ChartThemeId;

export interface ChartTheme {
  id: ChartThemeId;
  /** Its name in the picker. */
  i18nKey: string;
  /** A dark background (the tech themes). */
  dark: boolean;
  /** 10 series colours, in order. */
  palette: readonly string[];
  background: string;
  text: string;
  textSecondary: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  /** Shadow blur of lines, bars and slices in px (0: none): the tech themes' glow. */
  glow: number;
}

const light = {
  dark: false,
  background: colors.bgContainer,
  text: colors.text,
  textSecondary: colors.textSecondary,
  axisLine: colors.borderStrong,
  splitLine: colors.border,
  tooltipBackground: colors.bgContainer,
  glow: 0,
} as const;

/** The tech themes' dark screen: the console's sider blue, text and lines in light blue-greys. */
const tech = {
  dark: true,
  background: colors.siderSubmenu,
  text: '#E5EEFF',
  textSecondary: '#8EA3C7',
  axisLine: '#3A4E74',
  splitLine: '#1E2F52',
  tooltipBackground: 'rgba(11, 26, 51, 0.92)',
  glow: 10,
} as const;

const THEMES: Record<ChartThemeId, ChartTheme> = {
  orange: {
    id: 'orange',
    i18nKey: 'report.charts.theme.orange',
    ...light,
    palette: [
      colors.warning,
      colors.gold,
      '#F53F3F',
      '#FF9A2E',
      '#D25F00',
      '#FADC19',
      '#E8684A',
      '#A23C00',
      '#FFB65D',
      colors.textTertiary,
    ],
  },
  orangeTech: {
    id: 'orangeTech',
    i18nKey: 'report.charts.theme.orangeTech',
    ...tech,
    palette: [
      '#FF8A00',
      '#FFD028',
      '#FF4D4F',
      '#FFB347',
      '#FF6A3D',
      '#F9F871',
      '#FF9E80',
      '#FFC53D',
      '#FF7A45',
      '#FFE58F',
    ],
  },
  blue: {
    id: 'blue',
    i18nKey: 'report.charts.theme.blue',
    ...light,
    palette: [
      colors.primary,
      colors.cyan,
      colors.blue,
      colors.purple,
      '#0E42D2',
      '#6AA1FF',
      '#0DA5AA',
      '#8D4EDA',
      '#9FD4FD',
      colors.textTertiary,
    ],
  },
  blueTech: {
    id: 'blueTech',
    i18nKey: 'report.charts.theme.blueTech',
    ...tech,
    palette: [
      '#00E5FF',
      '#3D8BFF',
      '#7B61FF',
      '#00FFC6',
      '#4FC3F7',
      '#B388FF',
      '#18FFFF',
      '#448AFF',
      '#64FFDA',
      '#82B1FF',
    ],
  },
  green: {
    id: 'green',
    i18nKey: 'report.charts.theme.green',
    ...light,
    palette: [
      colors.success,
      colors.cyan,
      '#7BC616',
      '#009A29',
      '#0DA5AA',
      '#B5E241',
      '#23C343',
      '#006622',
      '#7BE188',
      colors.textTertiary,
    ],
  },
  greenTech: {
    id: 'greenTech',
    i18nKey: 'report.charts.theme.greenTech',
    ...tech,
    palette: [
      '#00FF9C',
      '#2CFFE0',
      '#B6FF3B',
      '#00E676',
      '#1DE9B6',
      '#EEFF41',
      '#69F0AE',
      '#00BFA5',
      '#C6FF00',
      '#A7FFEB',
    ],
  },
};

/** The themes in picker order. */
export const CHART_THEMES: readonly ChartTheme[] = CHART_THEME_IDS.map((id) => THEMES[id]);

export function isChartThemeId(value: unknown): value is ChartThemeId {
  return typeof value === 'string' && (CHART_THEME_IDS as readonly string[]).includes(value);
}

/** A theme by id; an unknown or missing id (an old report, a bad value) gives the default theme. */
export function chartTheme(id: string | null | undefined): ChartTheme {
  return isChartThemeId(id) ? THEMES[id] : THEMES[DEFAULT_CHART_THEME];
}

/** The `index`-th series colour of a theme (the palette repeats after 10). */
export function paletteColour(theme: ChartTheme, index: number): string {
  const palette = theme.palette;
  return palette[((index % palette.length) + palette.length) % palette.length] ?? colors.primary;
}
