// What the palette and the symbol library hand to the canvas when an item is dragged onto it: the canvas's palette
// item (the element's type, and for a symbol its settings and size) as JSON under its ELEMENT_DRAG_TYPE, the same
// item a palette click passes to the canvas's `addAt`.
import { ELEMENT_DRAG_TYPE, type PaletteItem } from './canvas';

export type { PaletteItem };

export function writePaletteDrag(data: DataTransfer, item: PaletteItem): void {
  data.setData(ELEMENT_DRAG_TYPE, JSON.stringify(item));
  data.effectAllowed = 'copy';
}
