// SPEC §9 map themes → how the map looks: a CSS filter over the tile layer and the colours of the offline base map.

export const MAP_THEMES = [
  'normal',
  'light',
  'dark',
  'redalert',
  'googlelight',
  'grassgreen',
  'midnight',
  'pink',
  'darkgreen',
  'bluish',
  'grayscale',
  'hardedge',
] as const;

export type MapTheme = (typeof MAP_THEMES)[number];

export interface MapThemeStyle {
  /** CSS `filter` for the tile pane ('none' keeps the tiles as served). */
  tileFilter: string;
  /** Map background (the sea of the offline base map, and the gap while tiles load). */
  background: string;
  /** Offline base map: land fill, border colour. */
  land: string;
  border: string;
  /** Whether the theme is dark (controls and the attribution adapt). */
  dark: boolean;
}

const STYLES: Record<MapTheme, MapThemeStyle> = {
  normal: { tileFilter: 'none', background: '#cfe3f5', land: '#f4f1ea', border: '#b9b2a3', dark: false },
  light: {
    tileFilter: 'brightness(1.08) saturate(0.55) contrast(0.92)',
    background: '#e6eef7',
    land: '#fbfbfa',
    border: '#c9ced6',
    dark: false,
  },
  dark: {
    tileFilter: 'invert(1) hue-rotate(180deg) brightness(0.9) contrast(0.9) saturate(0.6)',
    background: '#1b2230',
    land: '#2c3546',
    border: '#4a566c',
    dark: true,
  },
  redalert: {
    tileFilter: 'grayscale(1) sepia(1) hue-rotate(-50deg) saturate(3.5) brightness(0.85)',
    background: '#3a0d0d',
    land: '#7a1f1f',
    border: '#c24a4a',
    dark: true,
  },
  googlelight: {
    tileFilter: 'saturate(1.15) brightness(1.04)',
    background: '#aadaff',
    land: '#f5f5f3',
    border: '#c3c3c3',
    dark: false,
  },
  grassgreen: {
    tileFilter: 'sepia(0.35) hue-rotate(45deg) saturate(1.6)',
    background: '#cde8d2',
    land: '#e4f2d5',
    border: '#8fbf7f',
    dark: false,
  },
  midnight: {
    tileFilter: 'invert(1) hue-rotate(200deg) brightness(0.75) saturate(0.8)',
    background: '#0b1633',
    land: '#1a2a55',
    border: '#34508f',
    dark: true,
  },
  pink: {
    tileFilter: 'sepia(0.4) hue-rotate(290deg) saturate(1.6) brightness(1.05)',
    background: '#f7dbe8',
    land: '#fff0f6',
    border: '#e59dbd',
    dark: false,
  },
  darkgreen: {
    tileFilter: 'invert(1) hue-rotate(100deg) brightness(0.7) saturate(0.9)',
    background: '#0d2a1f',
    land: '#1f4a36',
    border: '#3f7a5c',
    dark: true,
  },
  bluish: {
    tileFilter: 'sepia(0.3) hue-rotate(170deg) saturate(1.5)',
    background: '#c7dcf2',
    land: '#e6f0fb',
    border: '#8fb1d9',
    dark: false,
  },
  grayscale: {
    tileFilter: 'grayscale(1)',
    background: '#d9d9d9',
    land: '#f2f2f2',
    border: '#a6a6a6',
    dark: false,
  },
  hardedge: {
    tileFilter: 'grayscale(1) contrast(1.8) brightness(1.05)',
    background: '#ffffff',
    land: '#f0f0f0',
    border: '#000000',
    dark: false,
  },
};

export function isMapTheme(value: unknown): value is MapTheme {
  return typeof value === 'string' && (MAP_THEMES as readonly string[]).includes(value);
}

/** The look of `theme`; anything unknown (a typo in IOTYUN_MAP_THEME) falls back to normal. */
export function mapThemeStyle(theme: string | null | undefined): MapThemeStyle {
  return STYLES[isMapTheme(theme) ? theme : 'normal'];
}
