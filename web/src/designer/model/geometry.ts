// Canvas geometry in canvas pixels: the box a rotated element covers, a selection's bounds, and the snapping of a
// moving box to the grid and to other elements' edges and centres. The snap distance is given in screen pixels and
// divided by the zoom, so snapping feels the same at 25 % and at 400 % (issue 15 point 2: "snap lines that also work
// when zoomed").
import type { DesignDocument, Placement } from './types';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The upright box a placement covers once rotated about its centre (CSS's default transform origin). */
export function rotatedBounds(p: Placement): Box {
  const angle = (p.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const w = p.w * cos + p.h * sin;
  const h = p.w * sin + p.h * cos;
  return { x: p.x + p.w / 2 - w / 2, y: p.y + p.h / 2 - h / 2, w, h };
}

export function unionBounds(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.w));
  const bottom = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/** The bounds of the given elements as drawn (rotation included), or null for none. */
export function selectionBounds(doc: DesignDocument, ids: readonly string[]): Box | null {
  const wanted = new Set(ids);
  return unionBounds(doc.elements.filter((e) => wanted.has(e.id)).map((e) => rotatedBounds(e.placement)));
}

/** A guide line to draw: `axis: 'x'` is a vertical line at x = `at` from y = `from` to `to`; `'y'` is horizontal. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

export interface SnapOptions {
  /** The boxes to snap to (the other elements' rotated bounds). */
  others: readonly Box[];
  /** The grid step when snapping to the grid is on, else null. */
  grid: number | null;
  /** The canvas's scale on screen (1 = 100 %). */
  zoom: number;
  /** How near counts, in screen pixels. */
  threshold?: number;
}

export interface SnapResult {
  x: number;
  y: number;
  guides: Guide[];
}

export const SNAP_THRESHOLD_PX = 6;

/** Left, centre and right (or top, middle and bottom) of a box along one axis. */
function stops(box: Box, axis: 'x' | 'y'): number[] {
  const start = axis === 'x' ? box.x : box.y;
  const size = axis === 'x' ? box.w : box.h;
  return [start, start + size / 2, start + size];
}

/** The span a guide covers across the other axis: from the nearer to the farther end of both boxes. */
function span(a: Box, b: Box, axis: 'x' | 'y'): [number, number] {
  const [a0, , a1] = stops(a, axis === 'x' ? 'y' : 'x');
  const [b0, , b1] = stops(b, axis === 'x' ? 'y' : 'x');
  return [Math.min(a0 ?? 0, b0 ?? 0), Math.max(a1 ?? 0, b1 ?? 0)];
}

function snapAxis(box: Box, axis: 'x' | 'y', options: SnapOptions, reach: number): [number, Guide[]] {
  let best: number | null = null;
  for (const other of options.others) {
    for (const mine of stops(box, axis)) {
      for (const theirs of stops(other, axis)) {
        const delta = theirs - mine;
        if (Math.abs(delta) <= reach && (best === null || Math.abs(delta) < Math.abs(best))) best = delta;
      }
    }
  }
  if (best === null) {
    const start = axis === 'x' ? box.x : box.y;
    const step = options.grid;
    return [step !== null && step > 0 ? Math.round(start / step) * step - start : 0, []];
  }
  const offset = best;
  const moved = axis === 'x' ? { ...box, x: box.x + offset } : { ...box, y: box.y + offset };
  const epsilon = 0.5 / options.zoom;
  const guides: Guide[] = [];
  for (const other of options.others) {
    for (const at of stops(moved, axis)) {
      if (stops(other, axis).some((theirs) => Math.abs(theirs - at) <= epsilon)) {
        const [from, to] = span(moved, other, axis);
        guides.push({ axis, at, from, to });
      }
    }
  }
  return [offset, guides];
}

/** Where a box moved to (x, y) lands once snapped (the caller computes `others` once per gesture, not per frame): to the nearest edge or centre of another box within the
 * threshold on each axis (with the guides to draw), else to the grid when one is given. */
export function snapBox(box: Box, options: SnapOptions): SnapResult {
  const reach = (options.threshold ?? SNAP_THRESHOLD_PX) / options.zoom;
  const [dx, xGuides] = snapAxis(box, 'x', options, reach);
  const [dy, yGuides] = snapAxis(box, 'y', options, reach);
  return { x: box.x + dx, y: box.y + dy, guides: [...xGuides, ...yGuides] };
}
