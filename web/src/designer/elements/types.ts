// The element registry's contract (DESIGN §7): `type → { component, settingsForm, defaultSize, i18nKey, stateful }`,
// shared by the editor (palette, canvas, property panel) and the runtime (which mounts only `component`).
import type { ComponentType } from 'react';

import type { DesignElement, ElementState, ElementStates, JsonValue } from '../model/types';

/** Where an element is drawn: the editor's canvas (inert controls, sample values), the designer's preview with a
 * bound device, or a screen at work. */
export type RenderMode = 'edit' | 'preview' | 'runtime';

/** One bound data source's current value as the runtime store holds it. */
export interface BoundValue {
  value: number | string | null;
  /** Epoch milliseconds of the report; older than the device's offline timeout greys out (the runtime decides). */
  ts: number | null;
  /** The data source is in alarm (the alarm-icon overlay). */
  alarm: boolean;
  /** The alarm is confirmed but not recovered: the overlay stays, steady (absent: flashing while in alarm). */
  confirmed?: boolean;
}

/** What the palette and the property panel offer to bind: the template's data sources. */
export interface DataSourceOption {
  id: number;
  name: string;
  unit: string;
  /** Read-only sources cannot take a control's write. */
  writable: boolean;
  decimals: number | null;
}

export interface ElementRenderProps {
  element: DesignElement;
  mode: RenderMode;
  /** Values by binding key (`element.bindings`); a key without a value is unbound or not yet reported. */
  values: Readonly<Record<string, BoundValue | undefined>>;
  /** The state chosen for the current values (elements/states.ts), or null for a stateless element. */
  state: ElementState | null;
  /** A control's write of a value to the data source bound under `bindingKey` (runtime and preview only). */
  onWrite?: (bindingKey: string, value: number | string) => void;
  /** Runs one of the element's actions (jump, pop-up, URL), by its index in `element.actions`. */
  onAction?: (index: number) => void;
}

/** A screen of the same template, the target of a jump or a pop-up. */
export interface ScreenOption {
  id: number;
  name: string;
}

export interface SettingsFormProps {
  element: DesignElement;
  dataSources: readonly DataSourceOption[];
  /** Added (optional) for the link element's jump and pop-up targets: the template's screens. Without it the form
   * asks for a screen id. */
  screens?: readonly ScreenOption[];
  /** Applies a change to the element as one undoable step. */
  onChange: (
    patch: Partial<
      Pick<DesignElement, 'settings' | 'bindings' | 'states' | 'flicker' | 'actions' | 'attach'>
    >,
  ) => void;
}

export type ElementCategory = 'basic' | 'shape' | 'data' | 'control' | 'chart' | 'media' | 'symbol';

export interface ElementDefinition {
  type: string;
  category: ElementCategory;
  /** i18next key of the palette name (`designer.elements.<type>`). */
  i18nKey: string;
  /** Size when dropped from the palette, in canvas pixels. */
  defaultSize: { w: number; h: number };
  /** Its settings when new: every key its component reads. */
  defaultSettings: () => Record<string, JsonValue>;
  /** The binding keys it reads or writes (`value`, `level`, `flow`, ...), in the order the property panel lists them. */
  bindingKeys: readonly string[];
  /** It switches among 2–255 states (SPEC §3 "Screen element state"). */
  stateful: boolean;
  /** Added (optional): the states a new element starts with, for one that always has states (an indicator, a
   * symbol); the editor sets them when the element is dropped. Without it a new element has none. */
  defaultStates?: () => ElementStates;
  component: ComponentType<ElementRenderProps>;
  settingsForm: ComponentType<SettingsFormProps>;
}
