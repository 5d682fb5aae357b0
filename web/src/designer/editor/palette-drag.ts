// What the palette and the symbol library hand to the canvas when an item is dragged onto it: the element's type, and
// for a symbol its settings and size, as JSON under ELEMENT_DRAG_TYPE (the same init a palette click passes to the
// canvas's `addAt`).
import type { JsonValue } from '../model/types';

export const ELEMENT_DRAG_TYPE = 'application/x-iotyun-element';

export interface PaletteItem {
  type: string;
  settings?: Record<string, JsonValue>;
  size?: { w: number; h: number };
}

export function writePaletteDrag(data: DataTransfer, item: PaletteItem): void {
  data.setData(ELEMENT_DRAG_TYPE, JSON.stringify(item));
  data.effectAllowed = 'copy';
}
