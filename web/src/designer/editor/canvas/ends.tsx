// The ends of the one selected pipe, line or polyline (issue 30 point 10): a handle on each end that drags it, and
// while it drags, the ports of the elements near the pointer, the one within PORT_SNAP_PX screen pixels (whatever
// the zoom) highlighted and snapped to. Alt held places the end freely. The drag draws the pipe through `onLive`
// (no document change per move); its release is one `setEnd`, one undo step, attached to the port or detached.
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';

import {
  endOf,
  isPath,
  nearestPort,
  portsOf,
  rotatedBounds,
  setEnd,
  type DesignElement,
  type End,
  type Port,
  type XY,
} from '../../model';
import type { DesignerStore } from '../store';

/** How near a port the pointer snaps, in screen pixels. */
export const PORT_SNAP_PX = 10;
/** How near an element the pointer shows its ports, in screen pixels. */
const PORTS_SHOWN_PX = 40;

interface Drag {
  end: End;
  pointer: number;
  at: XY;
  snapped: { element: string; port: Port } | null;
}

export interface EndHandlesProps {
  store: DesignerStore;
  /** The selected path (visible, unlocked), or null. */
  element: DesignElement | null;
  scale: number;
  /** Draws elements other than the document says while a gesture lasts (null: as the document says). */
  onLive: (live: ReadonlyMap<string, DesignElement> | null) => void;
}

/** The canvas point under a pointer event, from the content node (the transformed parent) and the zoom. */
function canvasPoint(node: Element | null, scale: number, event: { clientX: number; clientY: number }): XY {
  const box = node?.getBoundingClientRect();
  return { x: (event.clientX - (box?.left ?? 0)) / scale, y: (event.clientY - (box?.top ?? 0)) / scale };
}

function near(element: DesignElement, point: XY, reach: number): boolean {
  const b = rotatedBounds(element.placement);
  return (
    point.x >= b.x - reach &&
    point.x <= b.x + b.w + reach &&
    point.y >= b.y - reach &&
    point.y <= b.y + b.h + reach
  );
}

export const EndHandles = memo(function EndHandles({ store, element, scale, onLive }: EndHandlesProps) {
  const { t } = useTranslation();
  const [drag, setDrag] = useState<Drag | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  const doc = useStore(store, (s) => s.doc);
  if (!element || !isPath(element)) return null;

  const preview = (next: Drag | null): void => {
    setDrag(next);
    if (!next) {
      onLive(null);
      return;
    }
    const moved = setEnd(
      store.getState().doc,
      element.id,
      next.end,
      next.at,
      next.snapped && {
        element: next.snapped.element,
        port: next.snapped.port.id,
      },
    );
    const live = moved.elements.find((e) => e.id === element.id);
    onLive(live ? new Map([[element.id, live]]) : null);
  };
  const locate = (end: End, pointer: number, event: React.PointerEvent): Drag => {
    const point = canvasPoint(layer.current?.parentElement ?? null, scale, event);
    const candidates = store.getState().doc.elements.filter((e) => !e.hidden);
    const snapped = event.altKey
      ? null
      : nearestPort(candidates, point, PORT_SNAP_PX / scale, new Set([element.id]));
    return { end, pointer, at: snapped ? snapped.port : point, snapped };
  };

  const shown = drag
    ? doc.elements.filter((e) => e.id !== element.id && !e.hidden && near(e, drag.at, PORTS_SHOWN_PX / scale))
    : [];
  const size = 12 / scale;
  const dot = 8 / scale;
  return (
    <div ref={layer} className="iot-canvas-ends">
      {shown.flatMap((e) =>
        portsOf(e).map((port) => {
          const on = drag?.snapped?.element === e.id && drag.snapped.port.id === port.id;
          return (
            <span
              key={`${e.id}:${port.id}`}
              className={`iot-canvas-port${on ? ' iot-canvas-port-on' : ''}`}
              data-port={`${e.id}:${port.id}`}
              style={{ left: port.x - dot / 2, top: port.y - dot / 2, width: dot, height: dot }}
            />
          );
        }),
      )}
      {(['start', 'end'] as const).map((end) => {
        const at = drag?.end === end ? drag.at : endOf(element, end);
        const attached = element.attach?.[end] ?? null;
        return (
          <span
            key={end}
            role="button"
            aria-label={t(`designer.canvas.connectors.${end}`)}
            className={`iot-canvas-end${attached ? ' iot-canvas-end-attached' : ''}`}
            data-end={end}
            data-attached={attached ? `${attached.element}:${attached.port}` : undefined}
            style={{
              left: at.x - size / 2,
              top: at.y - size / 2,
              width: size,
              height: size,
              borderWidth: 2 / scale,
            }}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              event.stopPropagation();
              event.preventDefault();
              event.currentTarget.setPointerCapture(event.pointerId);
              preview(locate(end, event.pointerId, event));
            }}
            onPointerMove={(event) => {
              if (drag?.end !== end || drag.pointer !== event.pointerId) return;
              preview(locate(end, event.pointerId, event));
            }}
            onPointerUp={(event) => {
              if (drag?.end !== end) return;
              const last = locate(end, event.pointerId, event);
              const anchor = last.snapped && { element: last.snapped.element, port: last.snapped.port.id };
              store.getState().apply((d) => setEnd(d, element.id, end, last.at, anchor));
              preview(null);
            }}
            onPointerCancel={() => preview(null)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && drag) preview(null);
            }}
          />
        );
      })}
    </div>
  );
});
