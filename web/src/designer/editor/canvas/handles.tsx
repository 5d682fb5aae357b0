// The one adapter over react-moveable and react-selecto (DESIGN §7): handles on the selection (move, resize with
// shift keeping the ratio, rotate), snapping to the grid and to the other elements with guide lines, the marquee, and
// clicks that select. During a gesture only the nodes' styles change (frames.ts); its end writes the document once,
// so a drag of 50 elements is one undo step and no React render per frame. Locked elements get no handles.
import { useRef } from 'react';
import Moveable from 'react-moveable';
import Selecto from 'react-selecto';

import { clickSelection, setPlacements } from '../../model';
import type { Placement } from '../../model';
import type { DesignerStore } from '../store';
import { applyStyle, frameOf, placementOf, placementStyle, type Frame } from './frames';
import { marqueeSelection } from './picking';

interface Tracked {
  id: string;
  start: Placement;
  frame: Frame;
}

type Node = HTMLElement | SVGElement;

export interface HandlesProps {
  store: DesignerStore;
  /** A selector of the canvas's content (the transformed parent of the element nodes). */
  scope: string;
  /** A selector of the viewport, where a marquee may start. */
  viewport: string;
  scale: number;
  /** Selected, visible and unlocked element ids: what the handles move. */
  movable: readonly string[];
  /** The grid step to snap to, or null. */
  grid: number | null;
  keepRatio: boolean;
  /** A pointer press that pans (space held, middle button) starts no marquee. */
  panning: () => boolean;
}

const idOf = (node: Element | null): string | null =>
  node?.closest<HTMLElement>('[data-element-id]')?.dataset.elementId ?? null;

export function Handles({ store, scope, viewport, scale, movable, grid, keepRatio, panning }: HandlesProps) {
  const moveable = useRef<Moveable>(null);
  const tracked = useRef(new Map<Node, Tracked>());
  // Selectors, not nodes: the handles resolve them after each render, once React has committed the nodes.
  const targets = movable.map((id) => `${scope} [data-element-id="${CSS.escape(id)}"]`);
  const others = `${scope} [data-element-id]${movable.map((id) => `:not([data-element-id="${CSS.escape(id)}"])`).join('')}`;
  const targetNodes = (): Element[] => targets.flatMap((t) => [...document.querySelectorAll(t)]);

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
  const draw = (node: Node, t: Tracked): void => applyStyle(node, placementStyle(t.start, t.frame));
  const finish = (): void => {
    const entries = [...tracked.current.entries()];
    tracked.current.clear();
    if (entries.length === 0) return;
    const placements = Object.fromEntries(entries.map(([, t]) => [t.id, placementOf(t.start, t.frame)]));
    const state = store.getState();
    state.apply((doc) => setPlacements(doc, placements));
    state.endGesture();
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
    <>
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
        snapThreshold={6}
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
      <Selecto
        dragContainer={viewport}
        selectableTargets={[`${scope} [data-element-id]`]}
        hitRate={0}
        selectByClick
        selectFromInside={false}
        toggleContinueSelect={null}
        ratio={0}
        dragCondition={(e) => {
          const input = e.inputEvent as MouseEvent;
          return input.button === 0 && !panning();
        }}
        onDragStart={(e) => {
          const input = e.inputEvent as MouseEvent;
          const target = input.target as Element;
          const additive = input.shiftKey || input.ctrlKey || input.metaKey;
          // A press on the handles or on a moved element is the handles' drag, unless it adds or takes back out.
          if (moveable.current?.isMoveableElement(target)) e.stop();
          else if (!additive && targetNodes().some((n) => n.contains(target))) e.stop();
        }}
        onSelectEnd={(e) => {
          const input = e.inputEvent as MouseEvent;
          const additive = input.shiftKey || input.ctrlKey || input.metaKey;
          const state = store.getState();
          const { doc, selection } = state;
          if (e.isDragStart || e.isClick) {
            const id = idOf(input.target as Element);
            if (id === null) state.select(additive ? selection : []);
            else state.select(clickSelection(doc, selection, id, additive));
            if (e.isDragStart && id !== null && !additive) {
              input.preventDefault();
              void moveable.current?.waitToChangeTarget().then(() => moveable.current?.dragStart(input));
            }
            return;
          }
          const hit = e.selected.flatMap((n) =>
            n instanceof HTMLElement && n.dataset.elementId ? [n.dataset.elementId] : [],
          );
          state.select(marqueeSelection(doc, selection, hit, additive));
        }}
      />
    </>
  );
}
