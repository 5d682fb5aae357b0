// The one look of every symbol (ISA-101 spirit): greys for the equipment, no gradients, a single stroke width.
import type { SymbolPartStyle } from './types';

export const SYMBOL_STROKE = '#5b6470';
export const SYMBOL_FILL = '#d5d9de';
export const SYMBOL_FILL_DARK = '#aab1ba';
export const SYMBOL_STROKE_WIDTH = 2;

/** The fill and stroke of a part: the state's where it gives one, else the normal grey. */
export function partStyle(
  parts: Partial<Record<string, SymbolPartStyle>> | undefined,
  name: string,
  fill: string = SYMBOL_FILL,
): { fill: string; stroke: string } {
  const style = parts?.[name];
  return { fill: style?.fill ?? fill, stroke: style?.stroke ?? SYMBOL_STROKE };
}
