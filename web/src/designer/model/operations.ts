// The element operations of the editor, each `(doc, …) → doc`: a new document, the input untouched, and the very
// same document when nothing changes (so the store records no empty undo step). Locked elements (or elements of a
// locked group) are neither moved, resized nor deleted; their settings may still be edited in the property panel.
import { ELEMENT_NAME_MAX, SCREEN_COORDINATE_MAX, SCREEN_ELEMENTS_MAX } from '@/types/limits.gen';

import { lockedElements, pruneEmptyGroups } from './groups';
import { newElementIds } from './ids';
import { type LooseAnimation, normalizeAnimation } from './animation';
import { normalizeFlicker, normalizePlacement } from './normalize';
import type {
  Binding,
  DesignDocument,
  DesignElement,
  ElementAction,
  ElementStates,
  Flicker,
  JsonValue,
  Placement,
} from './types';
import { elementProblems } from './validate';

/** The smallest width or height a resize leaves (the server wants more than 0). */
export const SIZE_MIN = 1;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** A placement the server accepts: coordinates and sizes in range, rotation folded into (-360, 360). */
export function clampPlacement(p: Placement): Placement {
  return {
    x: clamp(p.x, -SCREEN_COORDINATE_MAX, SCREEN_COORDINATE_MAX),
    y: clamp(p.y, -SCREEN_COORDINATE_MAX, SCREEN_COORDINATE_MAX),
    w: clamp(p.w, SIZE_MIN, SCREEN_COORDINATE_MAX),
    h: clamp(p.h, SIZE_MIN, SCREEN_COORDINATE_MAX),
    rotation: p.rotation % 360 || 0,
  };
}

/** Applies `change` to the listed elements; the same document back when no element changed. */
export function mapElements(
  doc: DesignDocument,
  ids: readonly string[] | null,
  change: (element: DesignElement) => DesignElement,
): DesignDocument {
  const wanted = ids === null ? null : new Set(ids);
  const elements = doc.elements.map((e) => (wanted === null || wanted.has(e.id) ? change(e) : e));
  return elements.some((e, i) => e !== doc.elements[i]) ? { ...doc, elements } : doc;
}

function samePlacement(a: Placement, b: Placement): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h && a.rotation === b.rotation;
}

function withPlacement(element: DesignElement, placement: Placement): DesignElement {
  const next = clampPlacement(placement);
  return samePlacement(next, element.placement) ? element : { ...element, placement: next };
}

/** What a new element starts with: its type, where it goes and the registry's defaults for it. */
export interface NewElement {
  type: string;
  placement?: Partial<Placement>;
  settings?: Record<string, JsonValue>;
  bindings?: Record<string, Binding>;
  states?: ElementStates | null;
  flicker?: Partial<Flicker>;
  actions?: ElementAction[];
  animations?: LooseAnimation[];
}

/** Adds elements on top of the others, with fresh ids; none are added when they would pass SCREEN_ELEMENTS_MAX. */
export function addElements(
  doc: DesignDocument,
  items: readonly NewElement[],
): { doc: DesignDocument; ids: string[] } {
  if (items.length === 0 || doc.elements.length + items.length > SCREEN_ELEMENTS_MAX) return { doc, ids: [] };
  const ids = newElementIds(doc, items.length);
  const top = Math.max(-1, ...doc.elements.map((e) => e.z));
  const added = items.map((item, i): DesignElement => ({
    id: ids[i] ?? '',
    type: item.type,
    name: '',
    placement: clampPlacement(normalizePlacement(item.placement)),
    z: top + 1 + i,
    group: null,
    locked: false,
    hidden: false,
    settings: structuredClone(item.settings ?? {}),
    bindings: structuredClone(item.bindings ?? {}),
    states: item.states ? structuredClone(item.states) : null,
    flicker: normalizeFlicker(item.flicker),
    actions: structuredClone(item.actions ?? []),
    animations: (item.animations ?? []).map(normalizeAnimation),
    attach: null,
  }));
  return { doc: { ...doc, elements: [...doc.elements, ...added] }, ids };
}

/** Deletes the listed elements that are not locked, and the groups left empty. */
export function deleteElements(doc: DesignDocument, ids: readonly string[]): DesignDocument {
  const doomed = new Set(unlocked(doc, ids));
  if (!doc.elements.some((e) => doomed.has(e.id))) return doc;
  return pruneEmptyGroups({ ...doc, elements: doc.elements.filter((e) => !doomed.has(e.id)) });
}

/** The ids of `ids` an edit may move or delete. */
export function unlocked(doc: DesignDocument, ids: readonly string[]): string[] {
  const locked = lockedElements(doc);
  return locked.size === 0 ? [...ids] : ids.filter((id) => !locked.has(id));
}

/** Moves the listed elements by (dx, dy) canvas pixels; a group moves by moving its members. */
export function moveElements(
  doc: DesignDocument,
  ids: readonly string[],
  dx: number,
  dy: number,
): DesignDocument {
  if (dx === 0 && dy === 0) return doc;
  return translate(doc, new Map(ids.map((id) => [id, [dx, dy] as const])));
}

/** Moves each element by its own (dx, dy), in one pass (align and distribute move hundreds at once). */
export function translate(
  doc: DesignDocument,
  moves: ReadonlyMap<string, readonly [number, number]>,
): DesignDocument {
  return mapElements(doc, unlocked(doc, [...moves.keys()]), (e) => {
    const [dx, dy] = moves.get(e.id) ?? [0, 0];
    return withPlacement(e, { ...e.placement, x: e.placement.x + dx, y: e.placement.y + dy });
  });
}

/** Sets part of one element's placement: a resize (x, y, w, h) or a rotation. */
export function setPlacement(doc: DesignDocument, id: string, placement: Partial<Placement>): DesignDocument {
  return mapElements(doc, unlocked(doc, [id]), (e) => withPlacement(e, { ...e.placement, ...placement }));
}

/** Sets several placements at once (a resize of a multi-selection, the end of a drag written back). */
export function setPlacements(
  doc: DesignDocument,
  placements: Readonly<Record<string, Placement>>,
): DesignDocument {
  return mapElements(doc, unlocked(doc, Object.keys(placements)), (e) =>
    withPlacement(e, placements[e.id] ?? e.placement),
  );
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
export const NUDGE_PX = 1;
export const NUDGE_SHIFT_PX = 10;

/** An arrow key's move: 1 px, 10 px with shift. */
export function nudge(
  doc: DesignDocument,
  ids: readonly string[],
  key: ArrowKey,
  shift: boolean,
): DesignDocument {
  const step = shift ? NUDGE_SHIFT_PX : NUDGE_PX;
  const [dx, dy] = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }[key];
  return moveElements(doc, ids, dx ?? 0, dy ?? 0);
}

/** What the property panel changes on an element (the registry's SettingsFormProps.onChange patch). */
export type ElementPatch = Partial<
  Pick<DesignElement, 'settings' | 'bindings' | 'states' | 'flicker' | 'actions' | 'animations' | 'attach'>
>;

/** Replaces the patched parts of one element (settings, bindings, states, flicker, actions). A patch that would
 * give the element something the server refuses (2–255 states, at most 16 bindings or actions) changes nothing:
 * the property panel holds its forms to the same limits (limits.gen). */
export function updateElement(doc: DesignDocument, id: string, patch: ElementPatch): DesignDocument {
  if (Object.keys(patch).length === 0) return doc;
  return mapElements(doc, [id], (e) => {
    const next = { ...e, ...structuredClone(patch) };
    return elementProblems(next).length > elementProblems(e).length ? e : next;
  });
}

/** An item of the layer panel: an element or a group. */
export interface LayerRef {
  kind: 'element' | 'group';
  id: string;
}

/** Locks or hides (or unlocks, shows) elements and groups. */
export function setFlag(
  doc: DesignDocument,
  refs: readonly LayerRef[],
  flag: 'locked' | 'hidden',
  value: boolean,
): DesignDocument {
  const elements = new Set(refs.filter((r) => r.kind === 'element').map((r) => r.id));
  const groups = new Set(refs.filter((r) => r.kind === 'group').map((r) => r.id));
  const next = mapElements(doc, [...elements], (e) => (e[flag] === value ? e : { ...e, [flag]: value }));
  if (!doc.groups.some((g) => groups.has(g.id) && g[flag] !== value)) return next;
  return { ...next, groups: next.groups.map((g) => (groups.has(g.id) ? { ...g, [flag]: value } : g)) };
}

/** What the canvas panel changes: size, background, grid. */
export type CanvasPatch = Partial<Omit<DesignDocument['canvas'], 'background' | 'grid'>> & {
  background?: Partial<DesignDocument['canvas']['background']>;
  grid?: Partial<DesignDocument['canvas']['grid']>;
};

export function updateCanvas(doc: DesignDocument, patch: CanvasPatch): DesignDocument {
  const { background, grid, ...size } = patch;
  return {
    ...doc,
    canvas: {
      ...doc.canvas,
      ...size,
      background: { ...doc.canvas.background, ...background },
      grid: { ...doc.canvas.grid, ...grid },
    },
  };
}

/** The element with the user's `name` (trimmed, cut at ELEMENT_NAME_MAX); an empty one gives it back the name the
 * designer gives it (issue 30 point 7). No change, the same document. */
export function renameElement(doc: DesignDocument, id: string, name: string): DesignDocument {
  const next = name.trim().slice(0, ELEMENT_NAME_MAX);
  const element = doc.elements.find((e) => e.id === id);
  if (!element || element.name === next) return doc;
  return mapElements(doc, [id], (e) => ({ ...e, name: next }));
}
