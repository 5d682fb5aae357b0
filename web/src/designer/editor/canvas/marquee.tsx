// The marquee and the clicks that select, the other half of the adapter over react-moveable and react-selecto
// (DESIGN §7; handles.tsx is the first). It sits outside the zoomed content: selecto draws its box in fixed position,
// which a transformed parent would move and scale. A press on a moved element or on the handles belongs to the
// handles; a press on another element selects it (its group's members together) and starts dragging at once.
import { memo, type RefObject } from 'react';
import type Moveable from 'react-moveable';
import Selecto from 'react-selecto';

import { clickSelection } from '../../model';
import type { DesignerStore } from '../store';
import { idOf, targetSelectors } from './handles';
import { marqueeSelection } from './picking';

export interface MarqueeProps {
  store: DesignerStore;
  moveable: RefObject<Moveable | null>;
  /** A selector of the canvas's content and one of the viewport, where a marquee may start. */
  scope: string;
  viewport: string;
  movable: readonly string[];
  /** A press that pans (space held) starts no marquee. */
  panning: () => boolean;
}

const isAdditive = (input: MouseEvent): boolean => input.shiftKey || input.ctrlKey || input.metaKey;

/** Memoised on its props, as the handles are: Selecto renders again only when the selection or the scope change. */
export const Marquee = memo(function Marquee({
  store,
  moveable,
  scope,
  viewport,
  movable,
  panning,
}: MarqueeProps) {
  const targets = targetSelectors(scope, movable);
  const targetNodes = (): Element[] => targets.flatMap((t) => [...document.querySelectorAll(t)]);
  return (
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
        // A press on a pipe's end handle is that handle's drag (ends.tsx).
        const onEnd = input.target instanceof Element && input.target.closest('.iot-canvas-ends') !== null;
        return input.button === 0 && !panning() && !onEnd;
      }}
      onDragStart={(e) => {
        const input = e.inputEvent as MouseEvent;
        const target = input.target as Element;
        const additive = isAdditive(input);
        // A press on the handles or on a moved element is the handles' drag, unless it adds or takes back out.
        if (moveable.current?.isMoveableElement(target)) e.stop();
        else if (!additive && targetNodes().some((n) => n.contains(target))) e.stop();
      }}
      onSelectEnd={(e) => {
        const input = e.inputEvent as MouseEvent;
        const additive = isAdditive(input);
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
  );
});
