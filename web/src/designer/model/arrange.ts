// Arranging a selection: align, distribute, z-order, and the layer tree the layer panel draws. A group whose members
// are all selected moves as one unit (groups.ts `selectionUnits`); locked elements stay where they are.
import { type Box, rotatedBounds, unionBounds } from './geometry';
import { groupTree, type SelectionUnit, selectionUnits } from './groups';
import { mapElements, translate, unlocked } from './operations';
import type { DesignDocument, DesignElement } from './types';

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** The canvas's size as drawn (the document's, or the template's size for the screen's kind when it has none). */
export interface CanvasSize {
  width: number;
  height: number;
}

/** The size the canvas is drawn at: the document's own, else the template's size for the screen's kind (the
 * editor's canvas and the runtime's ScreenView draw at it). */
export function canvasSize(doc: DesignDocument, fallback: CanvasSize): CanvasSize {
  return { width: doc.canvas.width ?? fallback.width, height: doc.canvas.height ?? fallback.height };
}

/** The drawn box of each unit, from the elements' boxes computed once. */
function unitBoxes(doc: DesignDocument, units: readonly SelectionUnit[]): Box[] {
  const bounds = new Map(doc.elements.map((e) => [e.id, rotatedBounds(e.placement)]));
  const none = { x: 0, y: 0, w: 0, h: 0 };
  return units.map((u) => unionBounds(u.ids.flatMap((id) => bounds.get(id) ?? [])) ?? none);
}

function movableUnits(doc: DesignDocument, ids: readonly string[]): SelectionUnit[] {
  return selectionUnits(doc, unlocked(doc, ids));
}

function alignDelta(box: Box, target: Box, edge: AlignEdge): [number, number] {
  switch (edge) {
    case 'left':
      return [target.x - box.x, 0];
    case 'center':
      return [target.x + target.w / 2 - (box.x + box.w / 2), 0];
    case 'right':
      return [target.x + target.w - (box.x + box.w), 0];
    case 'top':
      return [0, target.y - box.y];
    case 'middle':
      return [0, target.y + target.h / 2 - (box.y + box.h / 2)];
    case 'bottom':
      return [0, target.y + target.h - (box.y + box.h)];
  }
}

/** Aligns the selection's units to the selection's bounds; a single unit aligns to the canvas. */
export function align(
  doc: DesignDocument,
  ids: readonly string[],
  edge: AlignEdge,
  canvas: CanvasSize,
): DesignDocument {
  const units = movableUnits(doc, ids);
  if (units.length === 0) return doc;
  const boxes = unitBoxes(doc, units);
  const target =
    units.length === 1 ? { x: 0, y: 0, w: canvas.width, h: canvas.height } : (unionBounds(boxes) ?? boxes[0]);
  if (!target) return doc;
  const moves = new Map<string, [number, number]>();
  units.forEach((unit, i) => {
    const box = boxes[i];
    if (box) unit.ids.forEach((id) => moves.set(id, alignDelta(box, target, edge)));
  });
  return translate(doc, moves);
}

/** Spreads three or more units so the gaps between them are equal, the outermost two staying in place. */
export function distribute(
  doc: DesignDocument,
  ids: readonly string[],
  axis: 'horizontal' | 'vertical',
): DesignDocument {
  const units = movableUnits(doc, ids);
  if (units.length < 3) return doc;
  const start = (b: Box): number => (axis === 'horizontal' ? b.x : b.y);
  const size = (b: Box): number => (axis === 'horizontal' ? b.w : b.h);
  const boxes = unitBoxes(doc, units);
  const placed = units.map((unit, i) => ({ unit, box: boxes[i] ?? { x: 0, y: 0, w: 0, h: 0 } }));
  placed.sort((a, b) => start(a.box) - start(b.box));
  const first = placed[0];
  const last = placed[placed.length - 1];
  if (!first || !last) return doc;
  const total = start(last.box) + size(last.box) - start(first.box);
  const gap = (total - placed.reduce((sum, p) => sum + size(p.box), 0)) / (placed.length - 1);
  let cursor = start(first.box);
  const moves = new Map<string, [number, number]>();
  for (const { unit, box } of placed) {
    const delta = cursor - start(box);
    cursor += size(box) + gap;
    unit.ids.forEach((id) => moves.set(id, axis === 'horizontal' ? [delta, 0] : [0, delta]));
  }
  return translate(doc, moves);
}

/** Elements bottom to top: by z, then by their order in the document. */
export function byZ(doc: DesignDocument): DesignElement[] {
  return doc.elements
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.z - b.e.z || a.i - b.i)
    .map(({ e }) => e);
}

/** Writes an order back as z = 0, 1, 2, … (the same document when every z already matches). */
function withOrder(doc: DesignDocument, order: readonly string[]): DesignDocument {
  const position = new Map(order.map((id, i) => [id, i]));
  return mapElements(doc, null, (e) => {
    const z = position.get(e.id) ?? e.z;
    return z === e.z ? e : { ...e, z };
  });
}

export type ZMove = 'front' | 'back' | 'forward' | 'backward';

/** Brings the selection to the front or one step forward, or sends it to the back or one step backward; the
 * selected elements keep their order among themselves. */
export function reorder(doc: DesignDocument, ids: readonly string[], move: ZMove): DesignDocument {
  const selected = new Set(ids);
  const order = byZ(doc).map((e) => e.id);
  if (!order.some((id) => selected.has(id))) return doc;
  const isSelected = (id: string | undefined): boolean => id !== undefined && selected.has(id);
  if (move === 'front' || move === 'back') {
    const picked = order.filter((id) => selected.has(id));
    const rest = order.filter((id) => !selected.has(id));
    return withOrder(doc, move === 'front' ? [...rest, ...picked] : [...picked, ...rest]);
  }
  const swap = (i: number, j: number): void => {
    const a = order[i];
    const b = order[j];
    if (a === undefined || b === undefined) return;
    order[i] = b;
    order[j] = a;
  };
  if (move === 'forward') {
    for (let i = order.length - 2; i >= 0; i--)
      if (isSelected(order[i]) && !isSelected(order[i + 1])) swap(i, i + 1);
  } else {
    for (let i = 1; i < order.length; i++)
      if (isSelected(order[i]) && !isSelected(order[i - 1])) swap(i, i - 1);
  }
  return withOrder(doc, order);
}

/** One row of the layer panel; a group's z is its topmost member's. */
export interface LayerNode {
  kind: 'element' | 'group';
  id: string;
  z: number;
  children: LayerNode[];
}

/** Groups and elements as a tree, top first (the order a layer panel lists them). */
export function layerTree(doc: DesignDocument): LayerNode[] {
  const tree = groupTree(doc);
  const children = new Map<string | null, LayerNode[]>();
  const add = (parent: string | null, node: LayerNode): void => {
    const list = children.get(parent);
    if (list) list.push(node);
    else children.set(parent, [node]);
  };
  for (const e of doc.elements) {
    add(e.group !== null && tree.get(e.group) ? e.group : null, {
      kind: 'element',
      id: e.id,
      z: e.z,
      children: [],
    });
  }
  const childGroups = new Map<string | null, string[]>();
  for (const g of doc.groups) {
    const parent = g.parent !== null && tree.get(g.parent) ? g.parent : null;
    childGroups.set(parent, [...(childGroups.get(parent) ?? []), g.id]);
  }
  // A group in a loop (an invalid document) is never reached from the top: it is left out rather than looped.
  const build = (parent: string | null, seen: ReadonlySet<string>): LayerNode[] => {
    const nodes = [...(children.get(parent) ?? [])];
    for (const id of childGroups.get(parent) ?? []) {
      if (seen.has(id)) continue;
      const inner = build(id, new Set([...seen, id]));
      nodes.push({ kind: 'group', id, z: Math.max(-Infinity, ...inner.map((n) => n.z)), children: inner });
    }
    return nodes.sort((a, b) => b.z - a.z);
  };
  return build(null, new Set());
}
