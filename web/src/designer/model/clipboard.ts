// Copy and paste of elements, within a screen, across screens and across templates (issue 15 point 2). The clipboard
// holds JSON with a marker, the source template and screen, and the name of every data source the copied elements
// bind or write to, and of every screen they jump to or open as a pop-up: a paste into another template re-points each
// binding to that template's data source of the same name and each jump or pop-up to its screen of the same name, and
// leaves it on the old id when there is none, so `brokenBindings` shows it as broken until it is chosen again.
import { SCREEN_ELEMENTS_MAX } from '@/types/limits.gen';

import { animationSourceIds } from './animation';
import { byZ } from './arrange';
import { remapAttach } from './connectors';
import { groupTree } from './groups';
import { newElementIds, newGroupIds } from './ids';
import { type LooseElement, normalizeElement } from './normalize';
import { clampPlacement } from './operations';
import type { DesignDocument, DesignElement, DesignGroup, Placement } from './types';
import { validateDocument } from './validate';

export const CLIPBOARD_MARKER = 'iotyun/screen-elements';
/** How far a paste lands from the copied elements, in canvas pixels. */
export const PASTE_OFFSET = 10;

/** A template's data source as the clipboard names it. */
export interface DataSourceRef {
  id: number;
  name: string;
}

/** A template's screen as the clipboard names it (the target of a jump or a pop-up). */
export interface ScreenRef {
  id: number;
  name: string;
}

export interface ClipboardPayload {
  marker: typeof CLIPBOARD_MARKER;
  version: 1;
  templateId: number;
  screenId: number;
  /** Bottom to top. */
  elements: DesignElement[];
  /** The groups whose members were all copied; the others are left behind. */
  groups: DesignGroup[];
  /** The name of each data source bound or written to, by id. */
  sources: Record<string, string>;
  /** The name of each screen jumped to or opened as a pop-up, by id (absent in a payload of an older console). */
  screens: Record<string, string>;
}

/** Every data source id an element reads (bindings) or writes (write_value actions). */
export function elementSourceIds(element: DesignElement): number[] {
  const bound = Object.values(element.bindings).map((b) => b.data_source_id);
  const written = element.actions.flatMap((a) => (a.type === 'write_value' ? [a.data_source_id] : []));
  return [...bound, ...written, ...element.animations.flatMap(animationSourceIds)];
}

/** Every screen id an element jumps to or opens as a pop-up. */
export function elementScreenIds(element: DesignElement): number[] {
  return element.actions.flatMap((a) =>
    a.type === 'jump_screen' || a.type === 'open_popup' ? [a.screen_id] : [],
  );
}

/** The names of the listed ids that `refs` knows, by id. */
function namesOf(
  ids: readonly number[],
  refs: readonly { id: number; name: string }[],
): Record<string, string> {
  const names = new Map(refs.map((r) => [r.id, r.name]));
  const out: Record<string, string> = {};
  for (const id of ids) {
    const name = names.get(id);
    if (name !== undefined) out[String(id)] = name;
  }
  return out;
}

/** The clipboard payload of the listed elements and of the groups they fill entirely. */
export function copyElements(
  doc: DesignDocument,
  ids: readonly string[],
  from: {
    templateId: number;
    screenId: number;
    dataSources: readonly DataSourceRef[];
    screens?: readonly ScreenRef[];
  },
): ClipboardPayload {
  const wanted = new Set(ids);
  const tree = groupTree(doc);
  const whole = (members: string[]): boolean => members.length > 0 && members.every((id) => wanted.has(id));
  const kept = new Set(doc.groups.filter((g) => whole(tree.members(g.id))).map((g) => g.id));
  const nearestKept = (groupId: string | null): string | null =>
    tree.chain(groupId).find((g) => kept.has(g)) ?? null;
  const elements = byZ(doc)
    .filter((e) => wanted.has(e.id))
    .map((e) => ({ ...structuredClone(e), group: nearestKept(e.group) }));
  const groups = doc.groups
    .filter((g) => kept.has(g.id))
    .map((g) => ({ ...g, parent: nearestKept(g.parent) }));
  const sources = namesOf(elements.flatMap(elementSourceIds), from.dataSources);
  const screens = namesOf(elements.flatMap(elementScreenIds), from.screens ?? []);
  return {
    marker: CLIPBOARD_MARKER,
    version: 1,
    templateId: from.templateId,
    screenId: from.screenId,
    elements,
    groups,
    sources,
    screens,
  };
}

export function clipboardText(payload: ClipboardPayload): string {
  return JSON.stringify(payload);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readPlacement(raw: unknown): Partial<Placement> {
  if (!isRecord(raw)) return {};
  return Object.fromEntries(
    (['x', 'y', 'w', 'h', 'rotation'] as const).flatMap((k) => {
      const v = raw[k];
      return typeof v === 'number' && Number.isFinite(v) ? [[k, v]] : [];
    }),
  );
}

/** The payload in a clipboard text, or null when the text is not one of ours. */
export function parseClipboard(text: string): ClipboardPayload | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || raw.marker !== CLIPBOARD_MARKER || raw.version !== 1) return null;
  const { templateId, screenId, elements, groups, sources } = raw;
  const screens = raw.screens ?? {};
  if (typeof templateId !== 'number' || typeof screenId !== 'number') return null;
  if (!Array.isArray(elements) || !Array.isArray(groups) || !isRecord(sources) || !isRecord(screens))
    return null;
  const wellFormed = (v: unknown): v is Record<string, unknown> & { id: string } =>
    isRecord(v) && typeof v.id === 'string';
  const items = (elements as unknown[]).filter(wellFormed);
  const groupItems = (groups as unknown[]).filter(wellFormed);
  if (items.length !== elements.length || groupItems.length !== groups.length) return null;
  if (!items.every((e) => typeof e.type === 'string')) return null;
  // Our own JSON, but a clipboard is anyone's to write: placements are read number by number, and the server
  // checks the rest of the document on save.
  const parsed = items.map((e) =>
    normalizeElement({ ...(e as LooseElement), placement: readPlacement(e.placement) }),
  );
  return {
    marker: CLIPBOARD_MARKER,
    version: 1,
    templateId,
    screenId,
    elements: parsed,
    groups: groupItems.map((g) => ({
      id: g.id,
      name: typeof g.name === 'string' ? g.name : '',
      parent: typeof g.parent === 'string' ? g.parent : null,
      locked: g.locked === true,
      hidden: g.hidden === true,
    })),
    sources: names(sources),
    screens: names(screens),
  };
}

/** A clipboard's id → name map, its entries that are strings. */
function names(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The map from the payload's ids (named in `named`) to the target template's: by name across templates, none
 * within. */
function idMap(
  payload: ClipboardPayload,
  named: Record<string, string>,
  templateId: number,
  targets: readonly { id: number; name: string }[],
): Map<number, number> {
  const map = new Map<number, number>();
  if (payload.templateId === templateId) return map;
  const byName = new Map(targets.map((s) => [s.name, s.id]));
  for (const [id, name] of Object.entries(named)) {
    const target = byName.get(name);
    if (target !== undefined) map.set(Number(id), target);
  }
  return map;
}

function repoint(
  element: DesignElement,
  sources: ReadonlyMap<number, number>,
  screens: ReadonlyMap<number, number>,
): DesignElement {
  if (sources.size === 0 && screens.size === 0) return element;
  const source = (id: number): number => sources.get(id) ?? id;
  const screen = (id: number): number => screens.get(id) ?? id;
  return {
    ...element,
    bindings: Object.fromEntries(
      Object.entries(element.bindings).map(([key, b]) => [key, { data_source_id: source(b.data_source_id) }]),
    ),
    actions: element.actions.map((a) => {
      if (a.type === 'write_value') return { ...a, data_source_id: source(a.data_source_id) };
      if (a.type === 'jump_screen' || a.type === 'open_popup')
        return { ...a, screen_id: screen(a.screen_id) };
      return a;
    }),
    animations: element.animations.map((a) => ({
      ...a,
      data_source_id: a.data_source_id === null ? null : source(a.data_source_id),
      inputs: Object.fromEntries(
        Object.entries(a.inputs).map(([key, b]) => [key, { data_source_id: source(b.data_source_id) }]),
      ),
    })),
  };
}

/** Pastes a payload on top of the document: fresh ids, the groups kept, placed `offset` pixels from the copy,
 * bindings, jumps and pop-ups re-pointed by name when it comes from another template. Nothing is pasted past
 * SCREEN_ELEMENTS_MAX. */
export function pasteElements(
  doc: DesignDocument,
  payload: ClipboardPayload,
  target: {
    templateId: number;
    dataSources: readonly DataSourceRef[];
    screens?: readonly ScreenRef[];
    offset?: number;
  },
): { doc: DesignDocument; ids: string[] } {
  const count = payload.elements.length;
  if (count === 0 || doc.elements.length + count > SCREEN_ELEMENTS_MAX) return { doc, ids: [] };
  const ids = newElementIds(doc, count);
  const freshGroups = newGroupIds(doc, payload.groups.length);
  const groupIds = new Map(payload.groups.map((g, i) => [g.id, freshGroups[i] ?? g.id]));
  const mapGroup = (id: string | null): string | null => (id === null ? null : (groupIds.get(id) ?? null));
  const offset = target.offset ?? PASTE_OFFSET;
  const sources = idMap(payload, payload.sources, target.templateId, target.dataSources);
  const screens = idMap(payload, payload.screens, target.templateId, target.screens ?? []);
  const top = Math.max(-1, ...doc.elements.map((e) => e.z));
  // A pipe pasted with what it is attached to stays attached to the copy; attached to something left behind, it lets
  // go where it is.
  const elementIds = new Map(payload.elements.map((e, i) => [e.id, ids[i] ?? e.id]));
  const pasted = payload.elements.map((e, i) =>
    repoint(
      {
        ...remapAttach(structuredClone(e), elementIds),
        id: ids[i] ?? e.id,
        z: top + 1 + i,
        group: mapGroup(e.group),
        placement: clampPlacement({ ...e.placement, x: e.placement.x + offset, y: e.placement.y + offset }),
      },
      sources,
      screens,
    ),
  );
  const groups = payload.groups.map((g) => ({
    ...g,
    id: groupIds.get(g.id) ?? g.id,
    parent: mapGroup(g.parent),
  }));
  const next = { ...doc, elements: [...doc.elements, ...pasted], groups: [...doc.groups, ...groups] };
  // A payload we wrote is always whole; one written by hand (a group loop, duplicate group ids) is not pasted.
  if (validateDocument(next).length > validateDocument(doc).length) return { doc, ids: [] };
  return { doc: next, ids };
}

/** An element that reads or writes a data source the template does not have, or jumps to or opens a screen it does
 * not have (deleted, or pasted from another template). */
export interface BrokenBinding {
  id: string;
  /** Its binding keys naming an unknown source. */
  bindings: string[];
  /** The indexes of its write actions naming one. */
  actions: number[];
  /** The indexes of its jumps and pop-ups naming an unknown screen (only when the screens are given). */
  screens: number[];
  /** The indexes of its animations reading an unknown source (by themselves or as an input). */
  animations: number[];
}

/** The elements with broken references; screens are checked only when `screenIds` is given (the server refuses
 * both on save: 115209, 115214). */
export function brokenBindings(
  doc: DesignDocument,
  dataSourceIds: Iterable<number>,
  screenIds?: Iterable<number>,
): BrokenBinding[] {
  const known = new Set(dataSourceIds);
  const knownScreens = screenIds === undefined ? null : new Set(screenIds);
  return doc.elements.flatMap((e) => {
    const bindings = Object.entries(e.bindings)
      .filter(([, b]) => !known.has(b.data_source_id))
      .map(([key]) => key);
    const actions = e.actions.flatMap((a, i) =>
      a.type === 'write_value' && !known.has(a.data_source_id) ? [i] : [],
    );
    const screens =
      knownScreens === null
        ? []
        : e.actions.flatMap((a, i) =>
            (a.type === 'jump_screen' || a.type === 'open_popup') && !knownScreens.has(a.screen_id)
              ? [i]
              : [],
          );
    const animations = e.animations.flatMap((a, i) =>
      animationSourceIds(a).some((id) => !known.has(id)) ? [i] : [],
    );
    return bindings.length + actions.length + screens.length + animations.length > 0
      ? [{ id: e.id, bindings, actions, screens, animations }]
      : [];
  });
}
