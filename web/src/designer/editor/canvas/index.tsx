// The designer's canvas (issue 15 point 2, DESIGN §7 "Editor"): the document drawn in a pannable, zoomable view, with
// selection, handles, snapping, the keyboard and drops from the palette. The editor page mounts it and owns the zoom
// (the toolbar shows it); everything else it reads from and writes to the designer's store.
import { useCallback, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import type Moveable from 'react-moveable';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';

import {
  addElements,
  attachedTargets,
  brokenBindings,
  byZ,
  canvasSize,
  hiddenElements,
  isPath,
  keepAttached,
  lockedElements,
  setPlacements,
} from '../../model';
import type {
  CanvasSize,
  DataSourceRef,
  DesignDocument,
  DesignElement,
  Placement,
  ScreenRef,
} from '../../model';
import type { DesignerStore } from '../store';
import { Backdrop } from './backdrop';
import { CanvasElement } from './element';
import { EndHandles } from './ends';
import { Handles, idOf } from './handles';
import { Marquee } from './marquee';
import { handleCanvasKey, isTyping } from './keyboard';
import {
  ELEMENT_DRAG_TYPE,
  clearOfOthers,
  newElementAt,
  parsePaletteItem,
  type PaletteItem,
} from './picking';
import { clientToCanvas, viewportToCanvas, viewTransform } from './view';
import { useView } from './use-view';
import './canvas.css';

export { ZOOM_MAX, ZOOM_MIN } from './view';
export { SHORTCUTS, type Shortcut } from './keyboard';
export { ELEMENT_DRAG_TYPE, type PaletteItem } from './picking';

/** What the editor page can ask of the canvas imperatively. */
export interface DesignCanvasHandle {
  /** Adds the palette item (a click in the palette) centred in the visible part of the canvas, selects it and
   * returns its id; null when the type is unknown or the screen is full. */
  addAt: (item: PaletteItem) => string | null;
  /** Gives the keyboard focus to the canvas (after a palette click, so the shortcuts act on the new element). */
  focus: () => void;
}

export interface DesignCanvasProps {
  /** The editor's store: the document, the selection and the history the canvas reads and writes. */
  store: DesignerStore;
  /** The template's data sources (a DataSourceOption[] fits): bindings to other ids are drawn broken, and copy and
   * paste name them so a paste into another template re-points its bindings by name. */
  dataSources: readonly DataSourceRef[];
  /** The template's screens (a ScreenOption[] fits): jumps and pop-ups to other ids are drawn broken, and copy and
   * paste name them so a paste into another template re-points them by name. Absent: screens are not checked. */
  screens?: readonly ScreenRef[];
  /** The template and the screen edited, written into what is copied (a paste compares the template). */
  templateId: number;
  screenId: number;
  /** The scale on screen, 1 = 100 %, within ZOOM_MIN..ZOOM_MAX; the page owns it (the toolbar shows and sets it). */
  zoom: number;
  /** The canvas asks for another zoom: ctrl/cmd+wheel (about the pointer) and fit. */
  onZoomChange: (zoom: number) => void;
  /** Increments when the toolbar asks to fit: the canvas answers with onZoomChange and centres the view. The canvas
   * fits once when it opens. */
  fitRequest: number;
  /** The size a screen whose document names none is drawn at: the template's size for the screen's kind. */
  defaultSize: CanvasSize;
  /** The canvas's own handle (React 19 passes `ref` as a prop). */
  ref?: Ref<DesignCanvasHandle>;
}

export function DesignCanvas(props: DesignCanvasProps) {
  const { store, dataSources, screens, templateId, screenId, ref } = props;
  const { t } = useTranslation();
  const doc = useStore(store, (s) => s.doc);
  const selection = useStore(store, (s) => s.selection);
  const hovered = useStore(store, (s) => s.hovered);
  const viewport = useRef<HTMLDivElement>(null);
  const moveable = useRef<Moveable>(null);
  const scopeId = useId();
  const size = canvasSize(doc, props.defaultSize);
  const { view, panning, isPanning, keepRatio, viewportHandlers } = useView(viewport, size, props);

  const broken = useMemo(
    () =>
      new Set(
        brokenBindings(
          doc,
          dataSources.map((s) => s.id),
          screens?.map((s) => s.id),
        ).map((b) => b.id),
      ),
    [doc, dataSources, screens],
  );
  const locked = useMemo(() => lockedElements(doc), [doc]);
  const ordered = useMemo(() => {
    const hidden = hiddenElements(doc);
    return byZ(doc).map((e) => ({ element: e, hidden: hidden.has(e.id) }));
  }, [doc]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const movable = useMemo(
    () =>
      ordered
        .filter(({ element: e, hidden }) => selected.has(e.id) && !hidden && !locked.has(e.id))
        .map(({ element: e }) => e.id),
    [ordered, selected, locked],
  );

  // Pipes drawn otherwise than the document says while a gesture lasts: those attached to what the handles move, and
  // the pipe whose end is dragged (model/connectors.ts). Null outside such a gesture.
  const [live, setLive] = useState<ReadonlyMap<string, DesignElement> | null>(null);
  // The elements some pipe is attached to, computed once per document (a drag asks at every frame).
  const targets = useRef<{ doc: DesignDocument | null; ids: ReadonlySet<string> }>({
    doc: null,
    ids: new Set(),
  });
  const onFrames = useCallback(
    (placements: Readonly<Record<string, Placement>> | null) => {
      if (placements === null) {
        setLive(null);
        return;
      }
      const current = store.getState().doc;
      if (targets.current.doc !== current) targets.current = { doc: current, ids: attachedTargets(current) };
      const attached = targets.current.ids;
      if (!Object.keys(placements).some((id) => attached.has(id))) return;
      const moved = setPlacements(current, placements);
      const kept = keepAttached(current, moved);
      const changed = new Map<string, DesignElement>();
      kept.elements.forEach((e, i) => {
        if (e !== moved.elements[i] && !(e.id in placements)) changed.set(e.id, e);
      });
      setLive(changed.size > 0 ? changed : null);
    },
    [store],
  );
  const selectedPath = useMemo(() => {
    if (movable.length !== 1) return null;
    const only = doc.elements.find((e) => e.id === movable[0]);
    return only && isPath(only) ? only : null;
  }, [doc, movable]);

  const add = (item: PaletteItem, at: { x: number; y: number }, clear = false): string | null => {
    const placed = newElementAt(item, at);
    if (!placed) return null;
    const doc = store.getState().doc;
    const { doc: next, ids } = addElements(doc, [clear ? clearOfOthers(doc, placed) : placed]);
    if (ids.length === 0) return null;
    store.getState().apply(() => next);
    store.getState().select(ids);
    return ids[0] ?? null;
  };
  useImperativeHandle(ref, () => ({
    addAt: (item) => {
      const box = viewport.current?.getBoundingClientRect();
      const centre = { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 };
      return add(item, viewportToCanvas(view, centre), true);
    },
    focus: () => viewport.current?.focus(),
  }));

  const source = { templateId, screenId, dataSources, screens };
  const scope = `[data-canvas="${CSS.escape(scopeId)}"]`;
  return (
    <div
      ref={viewport}
      className={`iot-canvas-viewport${panning ? ' iot-canvas-panning' : ''}`}
      data-canvas-viewport={scopeId}
      tabIndex={0}
      role="application"
      aria-label={t('designer.canvas.label')}
      {...viewportHandlers}
      onPointerDownCapture={(event) => {
        // The handles and the marquee cancel the press's default, which would have focused the canvas: the keys
        // must reach it after a click on an element.
        if (!isTyping(event.target)) event.currentTarget.focus({ preventScroll: true });
      }}
      onKeyDown={(event) => {
        viewportHandlers.onKeyDown(event);
        if (handleCanvasKey(event, store, source)) event.preventDefault();
      }}
      onPointerOver={(event) => {
        const id = idOf(event.target as Element);
        if (id !== store.getState().hovered) store.getState().hover(id);
      }}
      onPointerLeave={() => store.getState().hover(null)}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(ELEMENT_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(event) => {
        const item = parsePaletteItem(event.dataTransfer.getData(ELEMENT_DRAG_TYPE));
        if (!item) return;
        event.preventDefault();
        const box = event.currentTarget.getBoundingClientRect();
        add(item, clientToCanvas(view, box, { x: event.clientX, y: event.clientY }));
        event.currentTarget.focus();
      }}
    >
      {/* The content has the canvas's size: the handles lay their grid lines over their container's area, which
          at 0 × 0 held one line at 0 and left the grid snap without lines to snap to. */}
      <div
        className="iot-canvas-content"
        data-canvas={scopeId}
        style={{ transform: viewTransform(view), width: size.width, height: size.height }}
      >
        <Backdrop canvas={doc.canvas} size={size} />
        {ordered.map(({ element, hidden }) =>
          hidden && !selected.has(element.id) ? null : (
            <CanvasElement
              key={element.id}
              element={live?.get(element.id) ?? element}
              broken={broken.has(element.id)}
              faint={hidden}
              locked={locked.has(element.id)}
              pinned={selected.has(element.id) && locked.has(element.id)}
              hovered={hovered === element.id}
            />
          ),
        )}
        <Handles
          store={store}
          moveable={moveable}
          scope={scope}
          scale={view.scale}
          movable={movable}
          grid={doc.canvas.grid.snap ? doc.canvas.grid.size : null}
          keepRatio={keepRatio}
          onFrames={onFrames}
        />
        <EndHandles
          store={store}
          element={selectedPath && (live?.get(selectedPath.id) ?? selectedPath)}
          scale={view.scale}
          onLive={setLive}
        />
      </div>
      <Marquee
        store={store}
        moveable={moveable}
        scope={scope}
        viewport={`[data-canvas-viewport="${CSS.escape(scopeId)}"]`}
        movable={movable}
        panning={isPanning}
      />
    </div>
  );
}
