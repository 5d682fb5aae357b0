// What the canvas adds and selects, as pure functions of the document: the marquee's selection (a group is taken
// whole, as a click takes it), and a new element from the palette placed at a canvas point.
import { expandSelection, isHidden } from '../../model';
import type { DesignDocument, JsonValue, NewElement } from '../../model';
import { elementDefinition } from '../../elements/registry';

/** The dataTransfer type a palette drag carries: JSON `{type, settings?, size?}`. */
export const ELEMENT_DRAG_TYPE = 'application/x-iotyun-element';

/** What the palette hands the canvas, by a drag or a click. */
export interface PaletteItem {
  type: string;
  settings?: Record<string, JsonValue>;
  size?: { w: number; h: number };
}

/** The selection after a marquee over `hit` (element ids it touched): each hit brings its outermost group's
 * members; hidden elements are left out; shift adds to what was selected. */
export function marqueeSelection(
  doc: DesignDocument,
  selection: readonly string[],
  hit: readonly string[],
  additive: boolean,
): string[] {
  const picked = new Set(additive ? selection : []);
  for (const id of hit) {
    if (isHidden(doc, id)) continue;
    for (const member of expandSelection(doc, id)) if (!isHidden(doc, member)) picked.add(member);
  }
  return [...picked];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The palette item in a drop's data, or null when it is not one (another app's drag, an unknown type). */
export function parsePaletteItem(data: string): PaletteItem | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(raw) || typeof raw.type !== 'string' || !elementDefinition(raw.type)) return null;
  const item: PaletteItem = { type: raw.type };
  if (isRecord(raw.settings)) item.settings = raw.settings;
  if (isRecord(raw.size) && positive(raw.size.w) && positive(raw.size.h))
    item.size = { w: raw.size.w, h: raw.size.h };
  return item;
}

/** A new element of the palette item centred on the canvas point `at`: the definition's size, settings and states,
 * the item's own size and settings over them. Null for an unknown type. */
export function newElementAt(item: PaletteItem, at: { x: number; y: number }): NewElement | null {
  const definition = elementDefinition(item.type);
  if (!definition) return null;
  const { w, h } = item.size ?? definition.defaultSize;
  return {
    type: item.type,
    placement: { x: Math.round(at.x - w / 2), y: Math.round(at.y - h / 2), w, h, rotation: 0 },
    settings: { ...definition.defaultSettings(), ...item.settings },
    states: definition.defaultStates?.() ?? null,
  };
}

/** A palette click's element moved down and right by `step` while another element is centred where it is, so
 * elements added one after another at the same point do not hide each other. */
export function clearOfOthers(doc: DesignDocument, element: NewElement, step = 20): NewElement {
  const centres = doc.elements.map((e) => [
    e.placement.x + e.placement.w / 2,
    e.placement.y + e.placement.h / 2,
  ]);
  const { x = 0, y = 0, w = 0, h = 0 } = element.placement ?? {};
  const centredAt = (cx: number, cy: number) =>
    centres.some(([ex = 0, ey = 0]) => Math.abs(ex - cx) < 1 && Math.abs(ey - cy) < 1);
  let shift = 0;
  for (let i = 0; i < 100 && centredAt(x + shift + w / 2, y + shift + h / 2); i++) shift += step;
  return { ...element, placement: { ...element.placement, x: x + shift, y: y + shift } };
}
