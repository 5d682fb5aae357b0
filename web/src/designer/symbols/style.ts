// The one look of every symbol (ISA-101 spirit): greys for the equipment, no gradients, a single stroke width.
import type { SymbolPartStyle } from './types';

export const SYMBOL_STROKE = '#5b6470';
export const SYMBOL_FILL = '#d5d9de';
export const SYMBOL_FILL_DARK = '#aab1ba';
/** Faces and openings (a gauge's dial, a window, the inside of an open basin): lighter than the equipment. */
export const SYMBOL_FILL_LIGHT = '#eef0f2';
export const SYMBOL_STROKE_WIDTH = 2;

/** Every colour a symbol may draw with when no state colours it: colour means a state, never decoration. */
export const SYMBOL_GREYS: readonly string[] = [
  SYMBOL_STROKE,
  SYMBOL_FILL,
  SYMBOL_FILL_DARK,
  SYMBOL_FILL_LIGHT,
];

/** The fill and stroke of a part: the state's where it gives one, else the normal grey. */
export function partStyle(
  parts: Partial<Record<string, SymbolPartStyle>> | undefined,
  name: string,
  fill: string = SYMBOL_FILL,
): { fill: string; stroke: string } {
  const style = parts?.[name];
  return { fill: style?.fill ?? fill, stroke: style?.stroke ?? SYMBOL_STROKE };
}

/** The attributes of a part's shape or group: its name as `data-part` with its fill and stroke, so the name a
 * symbol declares and the one it draws come from one place. Details drawn on a part (a breaker's cross, a motor's
 * fins, a coil's windings) go inside its group and take its outline colour, so they stay visible on any state's
 * fill. */
export function partProps(
  parts: Partial<Record<string, SymbolPartStyle>> | undefined,
  name: string,
  fill: string = SYMBOL_FILL,
): { 'data-part': string; fill: string; stroke: string } {
  return { 'data-part': name, ...partStyle(parts, name, fill) };
}
