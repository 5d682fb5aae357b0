// Pipes and connectors (issue 30 point 10): the ends of a pipe, line or polyline attached to ports of other elements,
// and kept there as those elements move. Every element has ports: the midpoints of its four sides (rotated with it),
// a pipe's, line's or polyline's two ends, or the ports its symbol declares (symbols/ports.ts) instead of the sides.
// An attachment is stored on the pipe (`attach.start` / `attach.end` = {element, port}); the pipe's points are kept
// on the ports in the document itself, so the runtime draws what is stored and does no layout.
//
// The store runs `keepAttached(before, after)` after every operation (editor/store.ts `apply`), so a drag, a nudge,
// an align, a resize, a rotation, a paste and a delete all keep the pipes attached in the same undo step:
// - a target whose port moved drags the attached end along (only that end; see `moveEnd` for the rest of the pipe);
// - an end moved off its port by its own pipe (the pipe dragged, its points typed) lets go, keeping where it is;
// - a target deleted, or a port it no longer has (another symbol chosen), lets go too.
import { symbolPorts } from '../symbols/ports';
import type { Anchor, Attach, DesignDocument, DesignElement, JsonValue, Placement } from './types';

export type End = 'start' | 'end';
export const ENDS: readonly End[] = ['start', 'end'];

export interface XY {
  x: number;
  y: number;
}

/** A port where it is on the canvas, in canvas pixels. */
export interface Port extends XY {
  id: string;
}

/** The element types whose ends attach. */
export const PATH_TYPES: ReadonlySet<string> = new Set(['pipe', 'line', 'polyline']);

export const isPath = (element: DesignElement): boolean => PATH_TYPES.has(element.type);

type Pct = [number, number];

/** What a pipe, line or polyline draws through when its settings name no points (the elements' own fallbacks). */
const FALLBACK_POINTS: Readonly<Record<string, readonly Pct[]>> = {
  pipe: [
    [0, 50],
    [100, 50],
  ],
  line: [
    [0, 50],
    [100, 50],
  ],
  polyline: [
    [0, 100],
    [50, 0],
    [100, 100],
  ],
};
const STROKE_DEFAULTS: Readonly<Record<string, number>> = { pipe: 12, line: 2, polyline: 2 };

/** How near counts as on a port, in canvas pixels: the stored numbers are rounded, a port is not. */
export const ON_PORT_PX = 0.25;

const isPct = (v: JsonValue): v is Pct =>
  Array.isArray(v) &&
  v.length === 2 &&
  v.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100);

/** A path's points in percent of its box (a line's are always across its middle). */
export function pathPoints(element: DesignElement): readonly Pct[] {
  const fallback = FALLBACK_POINTS[element.type] ?? FALLBACK_POINTS.pipe ?? [];
  if (element.type === 'line') return fallback;
  const value = element.settings.points;
  if (!Array.isArray(value) || value.length < 2 || value.length > 200 || !value.every(isPct)) return fallback;
  return value;
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** A point of the element's own box (pixels from its top left, before rotation) on the canvas. */
export function toCanvas(p: Placement, local: XY): XY {
  const a = rad(p.rotation);
  const dx = local.x - p.w / 2;
  const dy = local.y - p.h / 2;
  return {
    x: p.x + p.w / 2 + dx * Math.cos(a) - dy * Math.sin(a),
    y: p.y + p.h / 2 + dx * Math.sin(a) + dy * Math.cos(a),
  };
}

/** A canvas point in the element's own box (pixels from its top left, before rotation). */
export function toLocal(p: Placement, point: XY): XY {
  const a = rad(-p.rotation);
  const dx = point.x - (p.x + p.w / 2);
  const dy = point.y - (p.y + p.h / 2);
  return {
    x: p.w / 2 + dx * Math.cos(a) - dy * Math.sin(a),
    y: p.h / 2 + dx * Math.sin(a) + dy * Math.cos(a),
  };
}

/** A path's points on the canvas, first to last. */
export function pathCanvasPoints(element: DesignElement): XY[] {
  const p = element.placement;
  return pathPoints(element).map(([x, y]) => toCanvas(p, { x: (x * p.w) / 100, y: (y * p.h) / 100 }));
}

/** Where an end of a path is on the canvas. */
export function endOf(element: DesignElement, end: End): XY {
  const points = pathCanvasPoints(element);
  return (end === 'start' ? points[0] : points.at(-1)) ?? { x: 0, y: 0 };
}

/** The ports of an element, on the canvas. */
export function portsOf(element: DesignElement): Port[] {
  const p = element.placement;
  if (isPath(element)) return ENDS.map((end) => ({ id: end, ...endOf(element, end) }));
  const symbol = element.type === 'symbol' ? element.settings.symbol : undefined;
  const declared = typeof symbol === 'string' ? symbolPorts(symbol) : undefined;
  if (declared) {
    // The symbol is drawn as its SVG's default, xMidYMid meet: scaled to fit the box, centred.
    const scale = Math.min(p.w / declared.w, p.h / declared.h);
    const ox = (p.w - declared.w * scale) / 2;
    const oy = (p.h - declared.h * scale) / 2;
    return declared.ports.map((port) => ({
      id: port.id,
      ...toCanvas(p, { x: ox + port.x * scale, y: oy + port.y * scale }),
    }));
  }
  const sides: [string, number, number][] = [
    ['top', p.w / 2, 0],
    ['right', p.w, p.h / 2],
    ['bottom', p.w / 2, p.h],
    ['left', 0, p.h / 2],
  ];
  return sides.map(([id, x, y]) => ({ id, ...toCanvas(p, { x, y }) }));
}

export function portOf(element: DesignElement, id: string): Port | undefined {
  return portsOf(element).find((port) => port.id === id);
}

const distance = (a: XY, b: XY): number => Math.hypot(a.x - b.x, a.y - b.y);
const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f || 0;
};

/** The nearest port within `reach` canvas pixels of `point` (the caller divides its screen distance by the zoom),
 * of any element but those in `exclude`. */
export function nearestPort(
  elements: readonly DesignElement[],
  point: XY,
  reach: number,
  exclude: ReadonlySet<string>,
): { element: string; port: Port } | null {
  let best: { element: string; port: Port; d: number } | null = null;
  for (const element of elements) {
    if (exclude.has(element.id)) continue;
    for (const port of portsOf(element)) {
      const d = distance(port, point);
      if (d <= reach && (best === null || d < best.d)) best = { element: element.id, port, d };
    }
  }
  return best && { element: best.element, port: best.port };
}

/** The thinnest box a refitted path keeps across its line, so it stays easy to pick: twice its stroke, 10 at least
 * (a new pipe is 24 high for its 12 stroke, a new line 10). */
function thickness(element: DesignElement): number {
  const stroke = element.settings.strokeWidth;
  const width = typeof stroke === 'number' && stroke > 0 ? stroke : (STROKE_DEFAULTS[element.type] ?? 2);
  return Math.max(10, width * 2);
}

/** A path whose points are the given canvas points, in its own rotation: its box refitted around them. */
function withCanvasPoints(element: DesignElement, points: readonly XY[]): DesignElement {
  const p = element.placement;
  const local = points.map((point) => toLocal(p, point));
  const xs = local.map((l) => l.x);
  const ys = local.map((l) => l.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const t = thickness(element);
  const w = round(Math.max(maxX - minX, t), 2);
  const h = round(Math.max(maxY - minY, t), 2);
  const centre = toCanvas(p, { x: (minX + maxX) / 2, y: (minY + maxY) / 2 });
  const placement: Placement = {
    x: round(centre.x - w / 2, 2),
    y: round(centre.y - h / 2, 2),
    w,
    h,
    rotation: p.rotation,
  };
  const pct = (v: number, size: number): number => Math.min(100, Math.max(0, round((v / size) * 100, 3)));
  const next = points.map((point): Pct => {
    const l = toLocal(placement, point);
    return [pct(l.x, w), pct(l.y, h)];
  });
  return { ...element, placement, settings: { ...element.settings, points: next } };
}

/** A line from `a` to `b`: its box centred between them, as long as they are apart, turned to point from a to b. */
function lineBetween(element: DesignElement, a: XY, b: XY): DesignElement {
  const w = round(Math.max(1, distance(a, b)), 2);
  const h = element.placement.h;
  const cx = (a.x + b.x) / 2;
  const cy = (a.y + b.y) / 2;
  const angle =
    distance(a, b) === 0 ? element.placement.rotation : (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  return {
    ...element,
    placement: { x: round(cx - w / 2, 2), y: round(cy - h / 2, 2), w, h, rotation: round(angle, 4) },
  };
}

const ALIGNED_PX = 0.5;

/**
 * The path with one end at `to`. Its other points stay where they are on the canvas, except for one rule that keeps
 * an orthogonal pipe orthogonal: when the end's segment is horizontal (or vertical) and the segment before it is at a
 * right angle to it, the point between them slides along with the end, so the last segment stays horizontal (or
 * vertical) and the one before it only changes length. A straight two-point pipe has no point to slide: its moved end
 * leaves it slanted until a bend is added. A line is re-laid between its ends (its box and angle).
 */
export function moveEnd(element: DesignElement, end: End, to: XY): DesignElement {
  if (element.type === 'line') {
    const other = endOf(element, end === 'start' ? 'end' : 'start');
    return end === 'start' ? lineBetween(element, to, other) : lineBetween(element, other, to);
  }
  const points = pathCanvasPoints(element);
  const order = end === 'start' ? points : [...points].reverse();
  const [e, n, n2] = order;
  if (e && n && n2) {
    // In the element's own frame, where "horizontal" means along its box.
    const p = element.placement;
    const [le, ln, ln2, lto] = [e, n, n2, to].map((pt) => toLocal(p, pt)) as [XY, XY, XY, XY];
    let slid: XY | null = null;
    if (
      Math.abs(le.y - ln.y) <= ALIGNED_PX &&
      Math.abs(ln.x - ln2.x) <= ALIGNED_PX &&
      Math.abs(le.x - ln.x) > ALIGNED_PX
    )
      slid = { x: ln.x, y: lto.y };
    else if (
      Math.abs(le.x - ln.x) <= ALIGNED_PX &&
      Math.abs(ln.y - ln2.y) <= ALIGNED_PX &&
      Math.abs(le.y - ln.y) > ALIGNED_PX
    )
      slid = { x: lto.x, y: ln.y };
    if (slid) order[1] = toCanvas(p, slid);
  }
  order[0] = to;
  return withCanvasPoints(element, end === 'start' ? order : order.reverse());
}

function attachOf(element: DesignElement): Attach {
  return { start: element.attach?.start ?? null, end: element.attach?.end ?? null };
}

/** The element with `attach` set, or null once neither end is attached. */
function withAttach(element: DesignElement, attach: Attach): DesignElement {
  return { ...element, attach: attach.start === null && attach.end === null ? null : attach };
}

function sameAnchor(a: Anchor | null, b: Anchor | null): boolean {
  return a === b || (a !== null && b !== null && a.element === b.element && a.port === b.port);
}

/**
 * Puts one end of a path at `to` and attaches it to `anchor` (its port is where the end goes), or detaches it
 * (`anchor` null): what a drag of the end handle does when it ends. The same document when nothing changes.
 */
export function setEnd(
  doc: DesignDocument,
  id: string,
  end: End,
  to: XY,
  anchor: Anchor | null,
): DesignDocument {
  const byId = new Map(doc.elements.map((e) => [e.id, e]));
  const element = byId.get(id);
  if (!element || !isPath(element)) return doc;
  const target = anchor && anchor.element !== id ? byId.get(anchor.element) : undefined;
  const port = target && anchor ? portOf(target, anchor.port) : undefined;
  const kept = port ? anchor : null;
  const at = port ?? to;
  const moved = distance(endOf(element, end), at) <= ON_PORT_PX ? element : moveEnd(element, end, at);
  const attach = attachOf(element);
  const next = sameAnchor(attach[end], kept) ? moved : withAttach(moved, { ...attach, [end]: kept });
  if (next === element) return doc;
  return { ...doc, elements: doc.elements.map((e) => (e.id === id ? next : e)) };
}

/** Detaches one end of a path where it is. */
export function detachEnd(doc: DesignDocument, id: string, end: End): DesignDocument {
  const element = doc.elements.find((e) => e.id === id);
  if (!element?.attach?.[end]) return doc;
  return setEnd(doc, id, end, endOf(element, end), null);
}

/** One path kept to its ports: see the rules at the top of this file. */
function keepOne(
  element: DesignElement,
  now: ReadonlyMap<string, DesignElement>,
  before: ReadonlyMap<string, DesignElement>,
): DesignElement {
  let next = element;
  const attach = attachOf(element);
  let changed = false;
  for (const end of ENDS) {
    const anchor = attach[end];
    if (anchor === null) continue;
    const target = anchor.element === element.id ? undefined : now.get(anchor.element);
    const port = target && portOf(target, anchor.port);
    if (!port) {
      attach[end] = null;
      changed = true;
      continue;
    }
    const at = endOf(next, end);
    if (distance(at, port) <= ON_PORT_PX) continue;
    const previous = before.get(anchor.element);
    const was = previous && portOf(previous, anchor.port);
    if (!was || distance(was, port) > ON_PORT_PX) {
      next = moveEnd(next, end, port);
      continue;
    }
    const self = before.get(element.id);
    if (!self || distance(endOf(self, end), at) > ON_PORT_PX) {
      attach[end] = null;
      changed = true;
    }
  }
  return changed ? withAttach(next, attach) : next;
}

/** A chain of pipes attached to pipes settles in as many passes as it is long; a loop stops here. */
const PASSES_MAX = 8;

/**
 * `after` (an operation's result on `before`) with every attached end kept to its port, or let go: the rules at the
 * top of this file. The same `after` when no attachment needed anything (every operation of the store passes here).
 */
export function keepAttached(before: DesignDocument, after: DesignDocument): DesignDocument {
  if (after === before || !after.elements.some((e) => e.attach)) return after;
  const was = new Map(before.elements.map((e) => [e.id, e]));
  let doc = after;
  for (let pass = 0; pass < PASSES_MAX; pass += 1) {
    const now = new Map(doc.elements.map((e) => [e.id, e]));
    const elements = doc.elements.map((e) => (e.attach ? keepOne(e, now, was) : e));
    if (elements.every((e, i) => e === doc.elements[i])) break;
    doc = { ...doc, elements };
  }
  return doc;
}

/** The attachment of a pasted element: its targets renamed to their pasted copies, the others let go. */
export function remapAttach(element: DesignElement, ids: ReadonlyMap<string, string>): DesignElement {
  if (!element.attach) return element;
  const map = (anchor: Anchor | null): Anchor | null => {
    const id = anchor ? ids.get(anchor.element) : undefined;
    return anchor && id !== undefined ? { element: id, port: anchor.port } : null;
  };
  return withAttach(element, { start: map(element.attach.start), end: map(element.attach.end) });
}

/** The ids of the elements some path is attached to. */
export function attachedTargets(doc: DesignDocument): Set<string> {
  const targets = new Set<string>();
  for (const e of doc.elements) {
    if (e.attach?.start) targets.add(e.attach.start.element);
    if (e.attach?.end) targets.add(e.attach.end.element);
  }
  return targets;
}
