// A font as the document stores it (State.font, settings.font): a CSS `font` shorthand an element applies as is,
// e.g. `italic bold 16px sans-serif`. The font field edits its parts; parse and format keep the round trip exact.
// An element draws it with `cssFont`: the stored family becomes the console's stack (lib/theme.ts), led by its symbol
// font, so a bare `sans-serif` never lands on a CJK font with an empty ℃.
import { fontStack } from '@/lib/theme';

export interface FontParts {
  italic: boolean;
  bold: boolean;
  size: number;
  family: string;
}

export const FONT_FAMILIES = ['sans-serif', 'serif', 'monospace'] as const;
export const DEFAULT_FONT: FontParts = { italic: false, bold: false, size: 14, family: 'sans-serif' };
export const FONT_SIZE_MIN = 6;
export const FONT_SIZE_MAX = 400;

const SHORTHAND = /^\s*(italic\s+)?(bold\s+)?(\d+(?:\.\d+)?)px\s+(.+?)\s*$/;

/** The parts of a stored font, or the default for a missing or foreign one (the field then rewrites it). */
export function parseFont(font: string | null | undefined): FontParts {
  const match = font ? SHORTHAND.exec(font) : null;
  if (!match) return DEFAULT_FONT;
  return {
    italic: Boolean(match[1]),
    bold: Boolean(match[2]),
    size: Number(match[3]),
    family: match[4] ?? 'sans-serif',
  };
}

export function formatFont(parts: FontParts): string {
  return `${parts.italic ? 'italic ' : ''}${parts.bold ? 'bold ' : ''}${String(parts.size)}px ${parts.family}`;
}

/** The CSS `font` an element draws with: the stored shorthand with its family widened to the console's stack
 * (`sans-serif` → theme's fontFamily; any other family led by the symbol font). A foreign shorthand is kept as is. */
export function cssFont(font: string): string {
  const match = SHORTHAND.exec(font);
  if (!match) return font;
  const family = match[4] ?? 'sans-serif';
  return `${match[1] ? 'italic ' : ''}${match[2] ? 'bold ' : ''}${match[3] ?? '14'}px ${fontStack(family)}`;
}
