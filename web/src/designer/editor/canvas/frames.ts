// "DOM first during a gesture, the document once at its end" (DESIGN §7): while the handles move, resize or rotate
// elements, each target's frame (its offset from its placement, its size and its angle) is written to its node's
// style only; the gesture's end turns the frames into placements for one `setPlacements`. An element's node is placed
// by `placementStyle`, which the React render and the end of a gesture both use, so the two never disagree.
import type { Placement } from '../../model';

export interface Frame {
  /** Offset from the placement's x, y while dragging, in canvas pixels. */
  translate: [number, number];
  w: number;
  h: number;
  rotation: number;
}

export interface PlacementStyle {
  left: string;
  top: string;
  width: string;
  height: string;
  transform: string;
}

export function frameOf(p: Placement): Frame {
  return { translate: [0, 0], w: p.w, h: p.h, rotation: p.rotation };
}

/** The node's style for a placement moved by a frame's offset (none outside a gesture). */
export function placementStyle(p: Placement, frame: Frame = frameOf(p)): PlacementStyle {
  const [dx, dy] = frame.translate;
  return {
    left: `${p.x}px`,
    top: `${p.y}px`,
    width: `${frame.w}px`,
    height: `${frame.h}px`,
    // The translate is always written, so the handles parse the same two functions at every gesture's start.
    transform: `translate(${dx}px, ${dy}px) rotate(${frame.rotation}deg)`,
  };
}

/** The placement a gesture leaves: the start moved by the frame's offset, at its size and angle. Sizes round to
 * whole pixels and positions to tenths, so a gesture at 37 % does not store 14 decimals. */
export function placementOf(start: Placement, frame: Frame): Placement {
  // A press that moved nothing leaves the placement exactly as it was (no rounding, so no undo step for a click).
  const [dx, dy] = frame.translate;
  if (dx === 0 && dy === 0 && frame.w === start.w && frame.h === start.h && frame.rotation === start.rotation)
    return start;
  const tenth = (v: number): number => Math.round(v * 10) / 10;
  return {
    x: tenth(start.x + frame.translate[0]),
    y: tenth(start.y + frame.translate[1]),
    w: Math.max(1, Math.round(frame.w)),
    h: Math.max(1, Math.round(frame.h)),
    rotation: tenth(frame.rotation),
  };
}

export function applyStyle(node: HTMLElement | SVGElement, style: PlacementStyle): void {
  Object.assign(node.style, style);
}
