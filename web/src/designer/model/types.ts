// The screen document as the designer and the runtime hold it (DESIGN §7). The wire shape is the server's
// `ScreenDocument` (templates/screens/document.py, generated into api.gen.ts), whose fields with defaults are
// optional; in memory every field is present (`normalizeDocument` in model/ fills them), so no code downstream
// repeats a default.
import type { Schema } from '@/types/schema';

import type { DesignAnimation } from './animation';

export type WireDocument = Schema<'ScreenDocument'>;
export type WireElement = Schema<'Element'>;

export type JsonValue = Schema<'JsonValue'>;
export type Placement = Required<Schema<'Placement'>>;
export type Flicker = Required<Schema<'Flicker'>>;
export type FlickerType = Flicker['flickerType'];
export type ElementState = Schema<'State'>;
export type ElementStates = Schema<'States'>;
export type Binding = Schema<'Binding'>;
export type ElementAction = NonNullable<WireElement['actions']>[number];
/** A port of another element: its id and the port's (model/connectors.ts). */
export type Anchor = Schema<'Anchor'>;
/** Where a pipe's, line's or polyline's ends are attached (null on the element when neither is). */
export interface Attach {
  start: Anchor | null;
  end: Anchor | null;
}

export interface DesignElement {
  id: string;
  type: string;
  /** The user's name for it (the layers panel, F2); empty: the designer names it (elementName). */
  name: string;
  placement: Placement;
  z: number;
  group: string | null;
  locked: boolean;
  hidden: boolean;
  settings: Record<string, JsonValue>;
  bindings: Record<string, Binding>;
  states: ElementStates | null;
  flicker: Flicker;
  actions: ElementAction[];
  /** Animation by value (model/animation.ts); none for most elements. */
  animations: DesignAnimation[];
  /** Where a pipe's, line's or polyline's ends are attached (model/connectors.ts); null when neither is. */
  attach: Attach | null;
}

export interface DesignGroup {
  id: string;
  name: string;
  parent: string | null;
  locked: boolean;
  hidden: boolean;
}

export interface DesignCanvas {
  width: number | null;
  height: number | null;
  background: Required<Schema<'Background'>>;
  grid: Required<Schema<'Grid'>>;
}

export interface DesignDocument {
  schema_version: 1;
  canvas: DesignCanvas;
  elements: DesignElement[];
  groups: DesignGroup[];
}
