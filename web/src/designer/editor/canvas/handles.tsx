// The handles, one half of the adapter over react-moveable and react-selecto (DESIGN §7; marquee.tsx is the other):
// on the selection, move, resize (shift keeps the ratio) and rotate, snapping to the grid and to the other elements'
// edges and centres with guide lines, at any zoom (`zoom = 1/scale` keeps the handles' size on screen). During a gesture only the nodes' styles change (frames.ts); its end writes the document once,
// so a drag of 50 elements is one undo step and no React render per frame. Locked elements get no handles.
import { memo, useLayoutEffect, useRef, type RefObject } from 'react';
import Moveable from 'react-moveable';
import { useStore } from 'zustand';

import { setPlacements, SNAP_THRESHOLD_PX } from '../../model';
import type { Placement } from '../../model';
import type { DesignerStore } from '../store';
import { applyStyle, frameOf, placementOf, placementStyle, type Frame } from './frames';

interface Tracked {
  id: string;
  start: Placement;
  frame: Frame;
}

type Node = HTMLElement | SVGElement;

/** A rotation near a multiple of 45° lands on it (the model's snap distance covers only positions). */
const RIGHT_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315];
const ROTATION_SNAP_DEG = 4;

export interface HandlesProps {
  store: DesignerStore;
  /** A selector of the canvas's content (the transformed parent of the element nodes). */
  scope: string;
  moveable: RefObject<Moveable | null>;
  scale: number;
  /** Selected, visible and unlocked element ids: what the handles move. */
  movable: readonly string[];
  /** The grid step to snap to, or null. */
  grid: number | null;
  keepRatio: boolean;
  /** The placements the moved elements have at each frame of a gesture, then null at its end: the canvas draws the
   * pipes attached to them following (index.tsx). */
  onFrames?: (placements: Readonly<Record<string, Placement>> | null) => void;
}

export const idOf = (node: Element | null): string | null =>
  node?.closest<HTMLElement>('[data-element-id]')?.dataset.elementId ?? null;

/** Selectors, not nodes, of the moved elements: the handles resolve them after each render, once React has committed
 * the nodes. */
export function targetSelectors(scope: string, movable: readonly string[]): string[] {
  return movable.map((id) => `${scope} [data-element-id="${CSS.escape(id)}"]`);
}

/** Memoised on its props: a hover or a save state change that leaves the selection, the zoom and the grid as they were
 * does not render Moveable (and a group's child per selected element) again. */
export const Handles = memo(function Handles({
  store,
  moveable,
  scope,
  scale,
  movable,
  grid,
  keepRatio,
  onFrames,
}: HandlesProps) {
  const tracked = useRef(new Map<Node, Tracked>());
  // Moveable measures its targets when they change, not when they move: a placement typed in the property panel, an
  // arrow key, an undo or an align left the handles where the element had been. Every document change re-measures
  // (a gesture changes only the nodes' styles, so none happens while the handles move).
  const doc = useStore(store, (s) => s.doc);
  useLayoutEffect(() => {
    moveable.current?.updateRect();
  }, [doc, moveable]);
  const targets = targetSelectors(scope, movable);
  const others = `${scope} [data-element-id]${movable.map((id) => `:not([data-element-id="${CSS.escape(id)}"])`).join('')}`;

  const entry = (node: Node): Tracked | null => {
    let found = tracked.current.get(node);
    if (!found) {
      const id = idOf(node);
      const element = store.getState().doc.elements.find((e) => e.id === id);
      if (id === null || !element) return null;
      found = { id, start: element.placement, frame: frameOf(element.placement) };
      tracked.current.set(node, found);
      store.getState().beginGesture();
    }
    return found;
  };
  const draw = (node: Node, t: Tracked): void => {
    applyStyle(node, placementStyle(t.start, t.frame));
    if (onFrames) {
      onFrames(
        Object.fromEntries([...tracked.current.values()].map((x) => [x.id, placementOf(x.start, x.frame)])),
      );
    }
  };
  const finish = (): void => {
    const entries = [...tracked.current.entries()];
    tracked.current.clear();
    if (entries.length === 0) return;
    const placements = Object.fromEntries(entries.map(([, t]) => [t.id, placementOf(t.start, t.frame)]));
    const state = store.getState();
    state.apply((doc) => setPlacements(doc, placements));
    state.endGesture();
    onFrames?.(null);
    // The nodes take the placements the document kept (clamped, or unchanged when locked meanwhile), so React's
    // next render and the DOM agree.
    const byId = new Map(store.getState().doc.elements.map((e) => [e.id, e.placement]));
    for (const [node, t] of entries) {
      const p = byId.get(t.id);
      if (p) applyStyle(node, placementStyle(p));
    }
    moveable.current?.updateRect();
  };

  type DragLike = { target: Node; set: (translate: number[]) => void };
  const startDrag = (e: DragLike): void => {
    const t = entry(e.target);
    if (t) e.set(t.frame.translate);
  };
  const onDrag = (e: { target: Node; beforeTranslate: number[] }): void => {
    const t = tracked.current.get(e.target);
    if (!t) return;
    t.frame.translate = [e.beforeTranslate[0] ?? 0, e.beforeTranslate[1] ?? 0];
    draw(e.target, t);
  };
  const startResize = (e: {
    target: Node;
    setOrigin: (o: string[]) => void;
    dragStart: DragLike | false;
  }): void => {
    e.setOrigin(['%', '%']);
    if (e.dragStart) startDrag(e.dragStart);
    else entry(e.target);
  };
  const onResize = (e: {
    target: Node;
    width: number;
    height: number;
    drag: { beforeTranslate: number[] };
  }): void => {
    const t = tracked.current.get(e.target);
    if (!t) return;
    t.frame.w = e.width;
    t.frame.h = e.height;
    t.frame.translate = [e.drag.beforeTranslate[0] ?? 0, e.drag.beforeTranslate[1] ?? 0];
    draw(e.target, t);
  };
  const startRotate = (e: { target: Node; set: (r: number) => void; dragStart: DragLike | false }): void => {
    const t = entry(e.target);
    if (!t) return;
    e.set(t.frame.rotation);
    if (e.dragStart) startDrag(e.dragStart);
  };
  const onRotate = (e: {
    target: Node;
    beforeRotation: number;
    drag: { beforeTranslate: number[] };
  }): void => {
    const t = tracked.current.get(e.target);
    if (!t) return;
    t.frame.rotation = e.beforeRotation;
    t.frame.translate = [e.drag.beforeTranslate[0] ?? 0, e.drag.beforeTranslate[1] ?? 0];
    draw(e.target, t);
  };

  const directions = { left: true, top: true, right: true, bottom: true, center: true, middle: true };
  return (
    <Moveable
      ref={moveable}
      target={targets}
      zoom={1 / scale}
      draggable
      resizable
      rotatable
      keepRatio={keepRatio}
      origin={false}
      snappable
      snapThreshold={SNAP_THRESHOLD_PX}
      snapRotationDegrees={RIGHT_ANGLES}
      snapRotationThreshold={ROTATION_SNAP_DEG}
      snapDirections={directions}
      elementSnapDirections={directions}
      elementGuidelines={[others]}
      snapGridWidth={grid ?? 0}
      snapGridHeight={grid ?? 0}
      onDragStart={startDrag}
      onDrag={onDrag}
      onDragEnd={finish}
      onDragGroupStart={(e) => e.events.forEach(startDrag)}
      onDragGroup={(e) => e.events.forEach(onDrag)}
      onDragGroupEnd={finish}
      onResizeStart={startResize}
      onResize={onResize}
      onResizeEnd={finish}
      onResizeGroupStart={(e) => e.events.forEach(startResize)}
      onResizeGroup={(e) => e.events.forEach(onResize)}
      onResizeGroupEnd={finish}
      onRotateStart={startRotate}
      onRotate={onRotate}
      onRotateEnd={finish}
      onRotateGroupStart={(e) => e.events.forEach(startRotate)}
      onRotateGroup={(e) => e.events.forEach(onRotate)}
      onRotateGroupEnd={finish}
    />
  );
});
