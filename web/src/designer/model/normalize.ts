// Between the wire and memory: `normalizeDocument` fills every default of the server's schema
// (templates/screens/document.py) so code downstream never repeats one; `toWire` writes the document back with
// exactly the fields the schema knows (it forbids any other).
import { FLICKER_FREQUENCY_DEFAULT } from '@/types/limits.gen';

import { animationToWire, normalizeAnimation, type LooseAnimation } from './animation';
import type {
  Anchor,
  Attach,
  DesignCanvas,
  DesignDocument,
  DesignElement,
  DesignGroup,
  ElementAction,
  ElementState,
  ElementStates,
  Flicker,
  Placement,
  WireDocument,
  WireElement,
} from './types';

type Loose<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** A state, action, element, group or document as a client may send it: a field with a default may be absent. */
export type LooseState = Partial<Omit<ElementState, 'flicker'>> & { flicker?: Partial<Flicker> | null };
export type LooseAction =
  | Loose<Extract<ElementAction, { type: 'write_value' }>, 'confirm'>
  | Extract<ElementAction, { type: 'jump_screen' | 'open_popup' }>
  | Loose<Extract<ElementAction, { type: 'open_url' }>, 'new_tab'>;
export type LooseElement = Omit<
  Loose<WireElement, 'hidden' | 'locked' | 'z' | 'name'>,
  'placement' | 'flicker' | 'states' | 'actions' | 'animations'
> & {
  placement?: Partial<Placement>;
  flicker?: Partial<Flicker>;
  states?: { by?: ElementStates['by']; items: LooseState[] } | null;
  actions?: LooseAction[];
  animations?: LooseAnimation[];
};
export type LooseGroup = Partial<DesignGroup> & { id: string };
export interface LooseDocument {
  schema_version?: 1;
  canvas?: {
    width?: number | null;
    height?: number | null;
    background?: Partial<DesignCanvas['background']>;
    grid?: Partial<DesignCanvas['grid']>;
  };
  elements?: LooseElement[];
  groups?: LooseGroup[];
}

export const DEFAULT_PLACEMENT: Readonly<Placement> = { x: 0, y: 0, w: 100, h: 40, rotation: 0 };
export const DEFAULT_FLICKER: Readonly<Flicker> = {
  flickerType: 'none',
  flickerFrequency: FLICKER_FREQUENCY_DEFAULT,
};

export function normalizeFlicker(flicker: Partial<Flicker> | null | undefined): Flicker {
  return { ...DEFAULT_FLICKER, ...flicker };
}

export function normalizePlacement(placement: Partial<Placement> | undefined): Placement {
  return { ...DEFAULT_PLACEMENT, ...placement };
}

function normalizeState(state: LooseState): ElementState {
  return {
    min: state.min ?? null,
    max: state.max ?? null,
    bit: state.bit ?? null,
    imgUrl: state.imgUrl ?? null,
    backgroundColor: state.backgroundColor ?? null,
    stroke: state.stroke ?? null,
    textAlign: state.textAlign ?? null,
    fontColor: state.fontColor ?? null,
    font: state.font ?? null,
    isUnderline: state.isUnderline ?? false,
    text: state.text ?? null,
    flicker: state.flicker ? normalizeFlicker(state.flicker) : null,
  };
}

function normalizeAction(action: LooseAction): ElementAction {
  switch (action.type) {
    case 'write_value':
      return { ...action, confirm: action.confirm ?? false };
    case 'open_url':
      return { ...action, new_tab: action.new_tab ?? true };
    default:
      return { ...action };
  }
}

/** An attachment as read: its ends that name an element and a port; none when neither does. */
function normalizeAttach(attach: LooseElement['attach']): Attach | null {
  const anchor = (a: Anchor | null | undefined): Anchor | null =>
    a && typeof a.element === 'string' && typeof a.port === 'string'
      ? { element: a.element, port: a.port }
      : null;
  const start = anchor(attach?.start);
  const end = anchor(attach?.end);
  return start || end ? { start, end } : null;
}

export function normalizeElement(element: LooseElement): DesignElement {
  return {
    id: element.id,
    type: element.type,
    name: element.name ?? '',
    placement: normalizePlacement(element.placement),
    z: element.z ?? 0,
    group: element.group ?? null,
    locked: element.locked ?? false,
    hidden: element.hidden ?? false,
    settings: { ...element.settings },
    bindings: Object.fromEntries(
      Object.entries(element.bindings ?? {}).map(([key, b]) => [key, { data_source_id: b.data_source_id }]),
    ),
    states: element.states
      ? { by: element.states.by ?? 'value', items: element.states.items.map(normalizeState) }
      : null,
    flicker: normalizeFlicker(element.flicker),
    actions: (element.actions ?? []).map(normalizeAction),
    animations: (element.animations ?? []).map(normalizeAnimation),
    attach: normalizeAttach(element.attach),
  };
}

function normalizeGroup(group: LooseGroup): DesignGroup {
  return {
    id: group.id,
    name: group.name ?? '',
    parent: group.parent ?? null,
    locked: group.locked ?? false,
    hidden: group.hidden ?? false,
  };
}

/** The document with every field present; a missing or empty wire document is an empty screen. */
export function normalizeDocument(wire: LooseDocument | WireDocument | null | undefined): DesignDocument {
  const canvas = wire?.canvas;
  return {
    schema_version: 1,
    canvas: {
      width: canvas?.width ?? null,
      height: canvas?.height ?? null,
      background: {
        color: canvas?.background?.color ?? null,
        image: canvas?.background?.image ?? null,
        fit: canvas?.background?.fit ?? 'stretch',
      },
      grid: {
        show: canvas?.grid?.show ?? false,
        snap: canvas?.grid?.snap ?? false,
        size: canvas?.grid?.size ?? 10,
      },
    },
    elements: (wire?.elements ?? []).map(normalizeElement),
    groups: (wire?.groups ?? []).map(normalizeGroup),
  };
}

export function emptyDocument(): DesignDocument {
  return normalizeDocument(null);
}

function stateToWire(state: ElementState): ElementState {
  return { ...state, flicker: state.flicker ? { ...state.flicker } : null };
}

function elementToWire(element: DesignElement): WireElement {
  return {
    id: element.id,
    type: element.type,
    name: element.name,
    placement: { ...element.placement },
    z: element.z,
    group: element.group,
    locked: element.locked,
    hidden: element.hidden,
    settings: structuredClone(element.settings),
    bindings: Object.fromEntries(
      Object.entries(element.bindings).map(([key, b]) => [key, { data_source_id: b.data_source_id }]),
    ),
    states: element.states ? { by: element.states.by, items: element.states.items.map(stateToWire) } : null,
    flicker: { ...element.flicker },
    actions: element.actions.map((a) => ({ ...a })),
    animations: element.animations.map(animationToWire),
    attach: element.attach
      ? { start: anchorCopy(element.attach.start), end: anchorCopy(element.attach.end) }
      : null,
  };
}

const anchorCopy = (a: Anchor | null): Anchor | null => (a ? { element: a.element, port: a.port } : null);

/** The document as PUT /yun/module/view/design takes it: a copy sharing nothing with `doc`. */
export function toWire(doc: DesignDocument): WireDocument {
  return {
    schema_version: 1,
    canvas: {
      width: doc.canvas.width,
      height: doc.canvas.height,
      background: { ...doc.canvas.background },
      grid: { ...doc.canvas.grid },
    },
    elements: doc.elements.map(elementToWire),
    groups: doc.groups.map((g) => ({ ...g })),
  };
}
