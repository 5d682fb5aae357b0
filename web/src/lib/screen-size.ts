// Screen sizes (SPEC §3 "Designer size presets", §5): the presets from core/limits.py via `make gen`, or a custom
// width × height within the server's ranges. A preset is the string "1280x720"; "custom" shows the two inputs. The
// template form and the designer's screen panel both offer them.
import {
  MOBILE_HEIGHT_RANGE,
  MOBILE_SIZE_DEFAULT,
  MOBILE_SIZE_PRESETS,
  MOBILE_WIDTH_RANGE,
  WEB_HEIGHT_RANGE,
  WEB_SIZE_DEFAULT,
  WEB_SIZE_PRESETS,
  WEB_WIDTH_RANGE,
} from '@/types/limits.gen';

export type SizeKind = 'web' | 'mobile';
export const CUSTOM_SIZE = 'custom';

export interface SizeLimits {
  presets: readonly (readonly number[])[];
  defaultSize: readonly number[];
  width: readonly number[];
  height: readonly number[];
}

export const SIZE_LIMITS: Record<SizeKind, SizeLimits> = {
  web: {
    presets: WEB_SIZE_PRESETS,
    defaultSize: WEB_SIZE_DEFAULT,
    width: WEB_WIDTH_RANGE,
    height: WEB_HEIGHT_RANGE,
  },
  mobile: {
    presets: MOBILE_SIZE_PRESETS,
    defaultSize: MOBILE_SIZE_DEFAULT,
    width: MOBILE_WIDTH_RANGE,
    height: MOBILE_HEIGHT_RANGE,
  },
};

export const presetKey = (width: number, height: number): string => `${width}x${height}`;

/** The select's value for a size: its preset key, or "custom" when it is not a preset. */
export function sizeToPreset(kind: SizeKind, width: number, height: number): string {
  const hit = SIZE_LIMITS[kind].presets.find(([w, h]) => w === width && h === height);
  return hit ? presetKey(width, height) : CUSTOM_SIZE;
}

/** The width × height of a preset key; null for "custom" or an unknown key. */
export function presetToSize(kind: SizeKind, preset: string): { width: number; height: number } | null {
  const hit = SIZE_LIMITS[kind].presets.find(([w = 0, h = 0]) => presetKey(w, h) === preset);
  return hit ? { width: hit[0] ?? 0, height: hit[1] ?? 0 } : null;
}

export function defaultSize(kind: SizeKind): { width: number; height: number } {
  const [width = 0, height = 0] = SIZE_LIMITS[kind].defaultSize;
  return { width, height };
}

/** [min, max] of a dimension. */
export function rangeOf(kind: SizeKind, dimension: 'width' | 'height'): [number, number] {
  const [min = 0, max = 0] = SIZE_LIMITS[kind][dimension];
  return [min, max];
}

/** Whether the server accepts the size: a preset, or whole numbers inside both ranges. */
export function isValidSize(kind: SizeKind, width: number, height: number): boolean {
  if (sizeToPreset(kind, width, height) !== CUSTOM_SIZE) return true;
  const [wMin, wMax] = rangeOf(kind, 'width');
  const [hMin, hMax] = rangeOf(kind, 'height');
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width >= wMin &&
    width <= wMax &&
    height >= hMin &&
    height <= hMax
  );
}

/** Size from the form's preset select and custom inputs (the inputs count only with "custom"). */
export function resolveSize(
  kind: SizeKind,
  preset: string,
  width: number | null | undefined,
  height: number | null | undefined,
): { width: number; height: number } {
  return presetToSize(kind, preset) ?? { width: width ?? 0, height: height ?? 0 };
}

export const formatSize = (width: number, height: number): string => `${width} × ${height}`;
