// The console's design tokens, in one place: they feed antd's theme (app/theme.ts), the ECharts theme
// (components/charts) and the CSS variables the style sheets read (`var(--iot-…)`, set once at start). The primary
// colour is the one token a tenant's brand replaces (lib/brand): `setPrimaryColor` sets it and its shades, and
// antd's theme, the charts and the CSS variables follow it without a reload.
import { useSyncExternalStore } from 'react';

/** Colours (the Arco-like palette the console was drawn with). */
export const colors = {
  primary: '#165DFF',
  primaryHover: '#4080FF',
  primaryActive: '#0940D9',
  primaryBg: '#E8F3FF',
  success: '#00B42A',
  warning: '#FF7D00',
  danger: '#F53F3F',
  cyan: '#14C9C9',
  gold: '#F7BA1E',
  purple: '#722ED1',
  blue: '#3491FA',
  text: '#1D2129',
  textSecondary: '#4E5969',
  textTertiary: '#86909C',
  border: '#E5E6EB',
  borderStrong: '#C9CDD4',
  fill: '#F2F3F5',
  fillLight: '#F7F8FA',
  bgLayout: '#F2F4F8',
  bgContainer: '#FFFFFF',
  sider: '#0B1A33',
  siderSubmenu: '#07132A',
} as const;

/** Corner radii in px. */
export const radius = { sm: 4, md: 6, lg: 8, card: 10 } as const;

/** Font sizes in px. */
export const fontSize = { xs: 11, sm: 12, md: 13, base: 14, lg: 16 } as const;

/** Spacing steps in px. */
export const space = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24 } as const;

/** The console's own font of unit and value signs (℃ ㎡ ‰ ± µ ° ² ³ Ω …, cut from DejaVu Sans by
 * scripts/make-symbol-font.py), declared by lib/symbol-font.ts with a unicode-range of exactly these signs. It comes first
 * in every stack, so no font after it draws one of them: WenQuanYi Micro Hei, which Chromium takes for `sans-serif`
 * in Chinese on Linux, has an empty ℃ and ℉ ("71.2 ℃" read "71.2"), and a user's machine may have any other. */
export const symbolFont = 'Iotyun Symbols';

/** The signs the symbol font draws, and so its unicode-range (lib/symbol-font.ts); U+2126 is the
 * ohm sign, beside the Greek Ω (U+03A9). */
export const SYMBOL_SIGNS = '°±²³µ·×÷ΔΩμ‰‱℃℉\u2126≤≥㎡㎥';

/** The symbol font, then Latin fonts before CJK ones (DESIGN §6): the browser takes each character from the first
 * font that has it. */
export const fontFamily = `'${symbolFont}', -apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Arial, 'Noto Sans', 'DejaVu Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif`;

/** The stack of a generic family (a screen element's stored `sans-serif`, `serif`, `monospace`) or of any other
 * family: the console's stack for sans-serif, else the symbol font before it. */
export function fontStack(family: string): string {
  const trimmed = family.trim();
  if (trimmed === '' || trimmed === 'sans-serif') return fontFamily;
  if (trimmed.includes(symbolFont)) return trimmed;
  return `'${symbolFont}', ${trimmed}`;
}

/** The series colours of every chart, in order, led by a primary colour. */
export function chartPaletteFor(primary: string): readonly string[] {
  return [
    primary,
    colors.cyan,
    colors.gold,
    colors.purple,
    colors.danger,
    colors.success,
    colors.warning,
    colors.blue,
  ];
}

/** The series colours of every chart with the platform's primary colour. */
export const chartPalette: readonly string[] = chartPaletteFor(colors.primary);

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// --- the primary colour ---------------------------------------------------------------------------------------

/** A primary colour and its hover, pressed and tint shades. */
export type PrimaryShades = Record<'primary' | 'primaryHover' | 'primaryActive' | 'primaryBg', string>;

const HEX_RE = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

/** `hex` moved `amount` (0–1) of the way to `toward`. */
function mix(hex: string, toward: string, amount: number): string {
  const a = channels(hex);
  const b = channels(toward);
  return hexOf(a.map((c, i) => c + ((b[i] ?? 0) - c) * amount));
}

/** A primary colour's hover, pressed and tint shades: the platform's own tokens for its own colour, else derived
 * (lighter for hover, darker when pressed, a pale tint for selected backgrounds). */
export function primaryShades(primary: string): PrimaryShades {
  const hex = primary.toUpperCase();
  if (hex === colors.primary.toUpperCase())
    return {
      primary: colors.primary,
      primaryHover: colors.primaryHover,
      primaryActive: colors.primaryActive,
      primaryBg: colors.primaryBg,
    };
  return {
    primary: hex,
    primaryHover: mix(hex, '#FFFFFF', 0.2),
    primaryActive: mix(hex, '#000000', 0.18),
    primaryBg: mix(hex, '#FFFFFF', 0.9),
  };
}

/** WCAG contrast ratio of white text on `hex` (1–21): below 3, a button's label is hard to read. */
export function contrastWithWhite(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

let primary: string = colors.primary;
const primaryListeners = new Set<() => void>();

/** The primary colour in force: the tenant's brand's, else the platform's. */
export function primaryColor(): string {
  return primary;
}

export function subscribePrimaryColor(listener: () => void): () => void {
  primaryListeners.add(listener);
  return () => {
    primaryListeners.delete(listener);
  };
}

/** The primary colour in force, re-rendering when a brand changes it. */
export function usePrimaryColor(): string {
  return useSyncExternalStore(subscribePrimaryColor, primaryColor, primaryColor);
}

/** Makes `hex` (#RRGGBB; null or anything else: the platform's) the primary colour: its CSS variables, the
 * browser's theme colour and every listener (antd's theme, the charts). */
export function setPrimaryColor(hex: string | null, root: HTMLElement = document.documentElement): void {
  const next = hex && HEX_RE.test(hex) ? hex.toUpperCase() : colors.primary;
  if (next === primary) return;
  primary = next;
  installPrimaryVariables(root);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', next);
  for (const listener of [...primaryListeners]) listener();
}

function installPrimaryVariables(root: HTMLElement): void {
  for (const [name, value] of Object.entries(primaryShades(primary)))
    root.style.setProperty(`--iot-color-${kebab(name)}`, value);
}

/** The tokens as CSS custom properties: `--iot-color-primary`, `--iot-radius-md`, `--iot-font-size-sm`, … */
export function themeCssVariables(): Record<string, string> {
  const px = (prefix: string, steps: Record<string, number>) =>
    Object.entries(steps).map(([k, v]) => [`--iot-${prefix}-${kebab(k)}`, `${String(v)}px`] as const);
  return Object.fromEntries([
    ...Object.entries({ ...colors, ...primaryShades(primary) }).map(
      ([k, v]) => [`--iot-color-${kebab(k)}`, v] as const,
    ),
    ...px('radius', radius),
    ...px('font-size', fontSize),
    ...px('space', space),
    ['--iot-font-family', fontFamily] as const,
  ]);
}

/** Sets the CSS variables on the document root (once, before the first render). */
export function installThemeVariables(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables())) root.style.setProperty(name, value);
}
