// What the dashboard dialog offers (SPEC §1, §3; issue 31 point 2): the resolutions a 大屏 is usually built for, the 7
// dashboard themes with the colours their swatch shows, and the form values ↔ the server's body.
import type {
  Audience,
  DashboardChartTheme,
  DashboardSummary,
  DashboardTheme,
  DashboardVisibility,
} from '@/lib/dashboards/types';
import {
  DASHBOARD_HEIGHT_MAX,
  DASHBOARD_HEIGHT_MIN,
  DASHBOARD_THEME_DEFAULT,
  DASHBOARD_THEMES,
  DASHBOARD_WIDTH_MAX,
  DASHBOARD_WIDTH_MIN,
} from '@/types/limits.gen';

export { DASHBOARD_HEIGHT_MAX, DASHBOARD_HEIGHT_MIN, DASHBOARD_WIDTH_MAX, DASHBOARD_WIDTH_MIN };

/** The preset resolutions, width × height: the common wall screens, a laptop, 4K and a portrait screen. */
export const RESOLUTIONS: readonly { width: number; height: number }[] = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 2560, height: 1440 },
  { width: 3840, height: 2160 },
  { width: 1080, height: 1920 },
];

export const CUSTOM_RESOLUTION = 'custom';

export function resolutionKey(width: number, height: number): string {
  return `${String(width)}x${String(height)}`;
}

/** The preset a size is, else "custom". */
export function presetOf(width: number, height: number): string {
  return RESOLUTIONS.some((r) => r.width === width && r.height === height)
    ? resolutionKey(width, height)
    : CUSTOM_RESOLUTION;
}

/** The themes in picker order (the server's order). */
export const DASHBOARD_THEME_IDS = DASHBOARD_THEMES as readonly DashboardTheme[];
export const DEFAULT_DASHBOARD_THEME = DASHBOARD_THEME_DEFAULT as DashboardTheme;
/** A new dashboard's chart theme: the tech theme's glowing blue (the server's default). */
export const DEFAULT_DASHBOARD_CHART_THEME: DashboardChartTheme = 'blueTech';

export interface ThemeSwatch {
  /** The screen behind the cards. */
  background: string;
  /** A card. */
  card: string;
  /** Titles, lines and highlights. */
  accent: string;
  /** Light text on dark cards. */
  dark: boolean;
}

/** How each dashboard theme looks in its swatch and on a dashboard's card in the list. */
export const THEME_SWATCHES: Record<DashboardTheme, ThemeSwatch> = {
  glacierWhite: { background: '#EEF3F9', card: '#FFFFFF', accent: '#3B82F6', dark: false },
  emeraldGreen: { background: '#062A22', card: '#0C4034', accent: '#2EE6A8', dark: true },
  sunlightOrange: { background: '#FFF6EA', card: '#FFFFFF', accent: '#FF8A00', dark: false },
  snorkelBlue: { background: '#0B3455', card: '#114A73', accent: '#4FC3F7', dark: true },
  starryBlue: { background: '#0A0F2E', card: '#151D4C', accent: '#8C9EFF', dark: true },
  default: { background: '#F2F4F8', card: '#FFFFFF', accent: '#165DFF', dark: false },
  tech: { background: '#040D22', card: '#0A1C3F', accent: '#00E5FF', dark: true },
};

export function isDashboardTheme(theme: string): theme is DashboardTheme {
  return (DASHBOARD_THEME_IDS as readonly string[]).includes(theme);
}

/** A theme's swatch; an unknown theme shows the default's. */
export function themeSwatch(theme: string): ThemeSwatch {
  return THEME_SWATCHES[isDashboardTheme(theme) ? theme : DEFAULT_DASHBOARD_THEME];
}

/** The dialog's values: the group as 0 for "no group", the resolution as a preset or custom with its size. */
export interface DashboardFormValues {
  name: string;
  group_id: number;
  resolution: string;
  width: number;
  height: number;
  theme: DashboardTheme;
  chart_theme: DashboardChartTheme;
  mobile: boolean;
  free_move: boolean;
  visibility: DashboardVisibility;
  audience: Audience;
}

export const EMPTY_AUDIENCE: Audience = { user_ids: [], role_ids: [], user_group_ids: [] };

export function audienceSize(audience: Audience | undefined): number {
  if (!audience) return 0;
  return audience.user_ids.length + audience.role_ids.length + audience.user_group_ids.length;
}

/** A new dashboard's values, in `groupId` when a group is chosen (0 or absent: no group). */
export function newDashboardValues(groupId = 0): DashboardFormValues {
  return {
    name: '',
    group_id: groupId,
    resolution: resolutionKey(1920, 1080),
    width: 1920,
    height: 1080,
    theme: DEFAULT_DASHBOARD_THEME,
    chart_theme: DEFAULT_DASHBOARD_CHART_THEME,
    mobile: false,
    free_move: false,
    visibility: 'all',
    audience: EMPTY_AUDIENCE,
  };
}

/** A dashboard's values in the dialog (its audience once read: the list does not carry it). */
export function dashboardValues(
  d: DashboardSummary,
  audience: Audience = EMPTY_AUDIENCE,
): DashboardFormValues {
  return {
    name: d.name,
    group_id: d.group_id ?? 0,
    resolution: presetOf(d.width, d.height),
    width: d.width,
    height: d.height,
    theme: isDashboardTheme(d.theme) ? d.theme : DEFAULT_DASHBOARD_THEME,
    chart_theme: d.chart_theme as DashboardChartTheme,
    mobile: d.mobile,
    free_move: d.free_move,
    visibility: d.visibility,
    audience,
  };
}

/** The size the values say: the preset's, or the custom width and height. */
export function sizeOf(values: Pick<DashboardFormValues, 'resolution' | 'width' | 'height'>): {
  width: number;
  height: number;
} {
  const preset = RESOLUTIONS.find((r) => resolutionKey(r.width, r.height) === values.resolution);
  return preset ?? { width: values.width, height: values.height };
}

/** The body of POST /yun/dashboard and the settings of PUT /yun/dashboard: everyone's audience is empty. */
export function toSettings(values: DashboardFormValues) {
  const partial = values.visibility === 'partial';
  return {
    name: values.name.trim(),
    ...sizeOf(values),
    theme: values.theme,
    chart_theme: values.chart_theme,
    mobile: values.mobile,
    free_move: values.free_move,
    visibility: values.visibility,
    audience: partial ? values.audience : EMPTY_AUDIENCE,
  };
}
