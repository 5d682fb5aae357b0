// The screen dialog's values: add (name and size, the template's size for the kind preselected), edit (name and
// size) and copy (a new name only: a copy keeps the size and the document).
import { SCREEN_NAME_MAX } from '@/types/limits.gen';
import type { ScreenKind, ScreenOut } from '../types';
import { resolveSize, sizeToPreset } from '@/lib/screen-size';

export type ScreenFormMode = 'add' | 'edit' | 'copy';

export interface ScreenFormValues {
  name: string;
  preset: string;
  width: number | null;
  height: number | null;
}

export interface ScreenSize {
  width: number;
  height: number;
}

/** "<name> 副本" cut so that it stays within the name limit. */
export function copyName(name: string, suffix: string): string {
  return `${name.slice(0, Math.max(0, SCREEN_NAME_MAX - suffix.length))}${suffix}`.trim();
}

/** The dialog's first values: `size` is the screen's for edit and copy, the template's for the kind for add. */
export function initialScreenValues(kind: ScreenKind, size: ScreenSize, name: string): ScreenFormValues {
  return {
    name,
    preset: sizeToPreset(kind, size.width, size.height),
    width: size.width,
    height: size.height,
  };
}

/** The values as a request's name and size (a preset's size wins over the custom inputs, shown only for custom). */
export function screenRequest(kind: ScreenKind, values: ScreenFormValues): { name: string } & ScreenSize {
  return { name: values.name.trim(), ...resolveSize(kind, values.preset, values.width, values.height) };
}

export const sizeOf = (screen: Pick<ScreenOut, 'width' | 'height'>): ScreenSize => ({
  width: screen.width,
  height: screen.height,
});
