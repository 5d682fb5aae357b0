// One element on the canvas: its registry component in `edit` mode inside one positioned node carrying
// `data-element-id` (what the handles, the marquee and browser tests find). Memoised on the element object: the model
// replaces only the elements an operation changes, so dragging or editing one element re-renders only it, and a
// 500-element screen opens with one render each.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { elementDefinition } from '../../elements/registry';
import { elementState } from '../../elements/states';
import type { BoundValue } from '../../elements/types';
import type { DesignElement } from '../../model';
import { placementStyle } from './frames';

/** In the editor no data source reports: every element shows its sample look. */
const NO_VALUES: Readonly<Record<string, BoundValue | undefined>> = Object.freeze({});

export interface CanvasElementProps {
  element: DesignElement;
  /** A binding or a write names a data source the template no longer has. */
  broken: boolean;
  /** Hidden, yet drawn faint because it is selected (from the layer tree). */
  faint: boolean;
  /** Locked (itself or through a group): selectable, never moved. */
  locked: boolean;
  /** Selected and locked: the handles frame only what moves, so a locked element outlines itself. (Only this, not
   * every selection change, reaches the element: a marquee over 500 elements re-renders none of them.) */
  pinned: boolean;
  /** Pointed at, on the canvas or in the layer tree (the store's `hovered`). */
  hovered: boolean;
}

// Its own component so that only broken elements subscribe to the language (500 subscriptions cost the opening).
function BrokenMark() {
  const { t } = useTranslation();
  const hint = t('designer.canvas.brokenBinding');
  return <span className="iot-canvas-broken-mark" role="img" aria-label={hint} title={hint} />;
}

export const CanvasElement = memo(function CanvasElement({
  element,
  broken,
  faint,
  locked,
  pinned,
  hovered,
}: CanvasElementProps) {
  const definition = elementDefinition(element.type);
  const classes = ['iot-canvas-element'];
  if (broken) classes.push('iot-canvas-element-broken');
  if (faint) classes.push('iot-canvas-element-faint');
  if (pinned) classes.push('iot-canvas-element-pinned');
  if (hovered) classes.push('iot-canvas-element-hovered');
  const Component = definition?.component;
  return (
    <div
      className={classes.join(' ')}
      data-element-id={element.id}
      data-locked={locked || undefined}
      style={placementStyle(element.placement)}
    >
      {Component ? (
        <Component
          element={element}
          mode="edit"
          values={NO_VALUES}
          state={elementState(element, NO_VALUES)}
        />
      ) : (
        <div className="iot-canvas-unknown">{element.type}</div>
      )}
      {broken && <BrokenMark />}
    </div>
  );
});
