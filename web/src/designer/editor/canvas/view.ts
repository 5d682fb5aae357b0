// The canvas's view: where the canvas sits in the viewport and at what scale, as ONE CSS transform on the content
// (`translate(x, y) scale(scale)`, origin top left). Everything here is pure so the conversions are tested without a
// browser: a drop, a zoom about the pointer and a palette click all go through them.
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 4;
/** How much one wheel notch (deltaY 100) scales by. */
const WHEEL_FACTOR = 1.1;
/** The margin fit leaves around the canvas, in screen pixels: small enough that a 1120 × 630 screen fits at 100 % in
 * focus mode on a 1440 × 900 display (issue 30 point 8). */
export const FIT_MARGIN = 16;

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The content's transform: screen = pan + canvas × scale, in the viewport's own pixels. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

export function viewTransform(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/** A point of the viewport (relative to its top left corner) in canvas pixels. */
export function viewportToCanvas(view: View, point: Point): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

/** A client point (an event's clientX/Y) in canvas pixels, given the viewport's client rectangle. */
export function clientToCanvas(view: View, viewport: { left: number; top: number }, client: Point): Point {
  return viewportToCanvas(view, { x: client.x - viewport.left, y: client.y - viewport.top });
}

/** The view at `scale`, the canvas point under `anchor` (a viewport point) staying under it. */
export function zoomAbout(view: View, scale: number, anchor: Point): View {
  const next = clampZoom(scale);
  const ratio = next / view.scale;
  return {
    scale: next,
    x: anchor.x - (anchor.x - view.x) * ratio,
    y: anchor.y - (anchor.y - view.y) * ratio,
  };
}

/** The zoom after a ctrl/cmd+wheel of `deltaY` (trackpads send small deltas, wheels ±100 a notch). */
export function wheelZoom(scale: number, deltaY: number): number {
  return clampZoom(scale * WHEEL_FACTOR ** (-deltaY / 100));
}

/** The view showing the whole canvas centred in the viewport, at most 100 %. */
export function fitView(viewport: Size, canvas: Size): View {
  const room = (length: number): number => Math.max(1, length - 2 * FIT_MARGIN);
  const scale = clampZoom(
    Math.min(1, room(viewport.width) / canvas.width, room(viewport.height) / canvas.height),
  );
  return centred(viewport, canvas, scale);
}

/** The view at `scale` with the canvas centred in the viewport. */
export function centred(viewport: Size, canvas: Size, scale: number): View {
  return {
    scale,
    x: (viewport.width - canvas.width * scale) / 2,
    y: (viewport.height - canvas.height * scale) / 2,
  };
}
