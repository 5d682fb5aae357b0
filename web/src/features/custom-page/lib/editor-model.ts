// The configuration screen's document in memory and its pure operations (tested without a DOM): every field present
// (`normalizeDocument` / `toWire` against the server's CustomPageDocument), entries added, replaced, moved among their
// siblings and removed by id, the rules the server holds (system/menus/service.py) checked before a save, and the
// menus a role would see for the preview.
import { isConsoleRoute, isWebUrl } from '@/lib/custom-menus/targets';
import type {
  CustomMenuEntry,
  CustomMenuKind,
  CustomMenus,
  CustomPageDocument,
  MenuChildDoc,
} from '@/lib/custom-menus/types';
import {
  CUSTOM_MENU_CHILDREN_MAX,
  CUSTOM_MENU_NAME_MAX,
  CUSTOM_MENU_ROLES_MAX,
  CUSTOM_MENU_SIDE_MAX,
  CUSTOM_MENU_TITLE_MAX,
  CUSTOM_MENU_TOP_MAX,
} from '@/types/limits.gen';

export type Area = 'side' | 'top';
export const AREAS: readonly Area[] = ['side', 'top'];

export interface DraftChild {
  id: string;
  name: string;
  kind: CustomMenuKind;
  /** A page's http(s) address or console route. */
  url: string;
  dashboard_id: number | null;
  icon: string | null;
  visibility: 'all' | 'roles';
  role_ids: number[];
}

export interface DraftEntry extends DraftChild {
  children: DraftChild[];
}

export interface Draft {
  sidebar_title: string;
  top_bar_title: string;
  side: DraftEntry[];
  top: DraftEntry[];
}

export interface Titles {
  sidebar_title: string;
  top_bar_title: string;
}

function child(raw: MenuChildDoc): DraftChild {
  return {
    id: raw.id,
    name: raw.name,
    kind: raw.kind,
    url: raw.url,
    dashboard_id: raw.dashboard_id ?? null,
    icon: raw.icon ?? null,
    visibility: raw.visibility,
    role_ids: raw.role_ids ?? [],
  };
}

/** The stored document with every field present; the default titles when nothing is configured yet. */
export function normalizeDocument(doc: CustomPageDocument | null | undefined, defaults: Titles): Draft {
  if (!doc) return { ...defaults, side: [], top: [] };
  const entries = (list: CustomPageDocument['side']) =>
    (list ?? []).map((e) => ({ ...child(e), children: (e.children ?? []).map(child) }));
  return {
    sidebar_title: doc.sidebar_title,
    top_bar_title: doc.top_bar_title,
    side: entries(doc.side),
    top: entries(doc.top),
  };
}

function wireChild(e: DraftChild): MenuChildDoc {
  return {
    id: e.id,
    name: e.name.trim(),
    kind: e.kind,
    url: e.kind === 'page' ? e.url.trim() : '',
    dashboard_id: e.kind === 'dashboard' ? e.dashboard_id : null,
    icon: e.icon,
    visibility: e.visibility,
    role_ids: e.visibility === 'roles' ? e.role_ids : [],
  };
}

/** The document as PUT /yun/customPage takes it. */
export function toWire(draft: Draft): CustomPageDocument {
  const entries = (list: DraftEntry[]) =>
    list.map((e) => ({ ...wireChild(e), children: e.kind === 'group' ? e.children.map(wireChild) : [] }));
  return {
    sidebar_title: draft.sidebar_title.trim(),
    top_bar_title: draft.top_bar_title.trim(),
    side: entries(draft.side),
    top: entries(draft.top),
  };
}

/** A key no entry of the document holds (letters and digits, as the server's pattern takes). */
export function newEntryId(draft: Draft, random: () => number = Math.random): string {
  const taken = new Set(allDraftEntries(draft).map((e) => e.id));
  for (;;) {
    const id = `e${Math.floor(random() * 36 ** 8).toString(36)}`;
    if (!taken.has(id)) return id;
  }
}

export function allDraftEntries(draft: Draft): DraftChild[] {
  return AREAS.flatMap((area) => draft[area].flatMap((e) => [e, ...e.children]));
}

export interface Place {
  area: Area;
  /** The group holding the entry; null at the first level. */
  parent: DraftEntry | null;
  index: number;
  /** How many siblings (the entry included). */
  count: number;
}

export function locate(draft: Draft, id: string): Place | null {
  for (const area of AREAS) {
    const list = draft[area];
    const index = list.findIndex((e) => e.id === id);
    if (index >= 0) return { area, parent: null, index, count: list.length };
    for (const entry of list) {
      const inner = entry.children.findIndex((c) => c.id === id);
      if (inner >= 0) return { area, parent: entry, index: inner, count: entry.children.length };
    }
  }
  return null;
}

function mapArea(draft: Draft, area: Area, fn: (list: DraftEntry[]) => DraftEntry[]): Draft {
  return { ...draft, [area]: fn(draft[area]) };
}

/** Adds an entry last in its area, or last in the group `parentId`. */
export function addEntry(draft: Draft, area: Area, parentId: string | null, entry: DraftChild): Draft {
  if (parentId === null) return mapArea(draft, area, (list) => [...list, { ...entry, children: [] }]);
  return mapArea(draft, area, (list) =>
    list.map((e) => (e.id === parentId ? { ...e, children: [...e.children, entry] } : e)),
  );
}

/** Replaces the entry `entry.id` where it is (a group keeps its entries). */
export function replaceEntry(draft: Draft, entry: DraftChild): Draft {
  const swap = <T extends DraftChild>(e: T): T => (e.id === entry.id ? { ...e, ...entry } : e);
  const next = { ...draft };
  for (const area of AREAS) {
    next[area] = draft[area].map((e) => ({ ...swap(e), children: e.children.map(swap) }));
  }
  return next;
}

export function removeEntry(draft: Draft, id: string): Draft {
  const next = { ...draft };
  for (const area of AREAS) {
    next[area] = draft[area]
      .filter((e) => e.id !== id)
      .map((e) => ({ ...e, children: e.children.filter((c) => c.id !== id) }));
  }
  return next;
}

function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

/** Moves an entry `delta` places among its siblings (nothing past either end). */
export function moveEntry(draft: Draft, id: string, delta: number): Draft {
  const place = locate(draft, id);
  if (!place) return draft;
  if (!place.parent) return mapArea(draft, place.area, (list) => moved(list, place.index, delta));
  const parentId = place.parent.id;
  return mapArea(draft, place.area, (list) =>
    list.map((e) => (e.id === parentId ? { ...e, children: moved(e.children, place.index, delta) } : e)),
  );
}

/** Names are compared as the server compares them: trimmed, case folded. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** The names taken by every entry but `exceptId`. */
export function takenNames(draft: Draft, exceptId: string | null): Set<string> {
  return new Set(
    allDraftEntries(draft)
      .filter((e) => e.id !== exceptId)
      .map((e) => nameKey(e.name)),
  );
}

// Control characters: the server refuses a name holding one (910101).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isValidName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= CUSTOM_MENU_NAME_MAX && !CONTROL.test(trimmed);
}

export function isValidTarget(url: string): boolean {
  const value = url.trim();
  return isWebUrl(value) || isConsoleRoute(value);
}

/** A rule a document breaks: where (an entry's id, or 'sidebar_title', 'top_bar_title', 'side', 'top'), the text's
 * key under system.customMenus.rules and its values. */
export interface Problem {
  at: string;
  key: string;
  values?: Record<string, number>;
  /** The text itself (a server refusal's), instead of the key's. */
  text?: string;
}

function entryProblems(e: DraftChild, firstLevel: boolean, seen: Set<string>): Problem[] {
  const out: Problem[] = [];
  const add = (key: string, values?: Record<string, number>) => out.push({ at: e.id, key, values });
  if (!isValidName(e.name)) add('name', { max: CUSTOM_MENU_NAME_MAX });
  else if (seen.has(nameKey(e.name))) add('nameTaken');
  seen.add(nameKey(e.name));
  if (e.kind === 'group' && !firstLevel) add('groupNested');
  if (e.kind === 'page' && !isValidTarget(e.url)) add('url');
  if (e.kind === 'dashboard' && !e.dashboard_id) add('dashboard');
  if (e.visibility === 'roles' && e.role_ids.length === 0) add('roles');
  if (e.role_ids.length > CUSTOM_MENU_ROLES_MAX) add('rolesMax', { max: CUSTOM_MENU_ROLES_MAX });
  return out;
}

/** Every rule the document breaks, in the order the server checks them. */
export function validateDraft(draft: Draft): Problem[] {
  const out: Problem[] = [];
  for (const field of ['sidebar_title', 'top_bar_title'] as const) {
    const title = draft[field].trim();
    if (!title) out.push({ at: field, key: field === 'sidebar_title' ? 'sidebarTitle' : 'topBarTitle' });
    else if (title.length > CUSTOM_MENU_TITLE_MAX)
      out.push({ at: field, key: 'titleMax', values: { max: CUSTOM_MENU_TITLE_MAX } });
  }
  if (draft.top.length > CUSTOM_MENU_TOP_MAX)
    out.push({ at: 'top', key: 'topMax', values: { max: CUSTOM_MENU_TOP_MAX } });
  if (draft.side.length > CUSTOM_MENU_SIDE_MAX)
    out.push({ at: 'side', key: 'sideMax', values: { max: CUSTOM_MENU_SIDE_MAX } });
  const seen = new Set<string>();
  for (const area of AREAS) {
    for (const entry of draft[area]) {
      out.push(...entryProblems(entry, true, seen));
      if (entry.children.length > CUSTOM_MENU_CHILDREN_MAX)
        out.push({ at: entry.id, key: 'childrenMax', values: { max: CUSTOM_MENU_CHILDREN_MAX } });
      for (const c of entry.children) out.push(...entryProblems(c, false, seen));
    }
  }
  return out;
}

/** The entry (or title) a server refusal's field names ('document.side.0.children.1.name'), with the field. */
export function placeOfField(
  draft: Draft,
  field: string | null | undefined,
): { at: string; field: string } | null {
  if (!field) return null;
  const parts = field.replace(/^document\./, '').split('.');
  const [area, index, third, inner, last] = parts;
  if (area === 'sidebar_title' || area === 'top_bar_title') return { at: area, field: area };
  if (area !== 'side' && area !== 'top') return null;
  const entry = draft[area][Number(index)];
  if (!entry) return { at: area, field: area };
  if (third === 'children' && inner !== undefined && last !== undefined) {
    const c = entry.children[Number(inner)];
    return c ? { at: c.id, field: last } : { at: entry.id, field: 'children' };
  }
  return { at: entry.id, field: third ?? 'name' };
}

/** The menus a user of `roleId` would see (null: an administrator, who sees every entry), as the server answers
 * them; whether the reader may open each dashboard or console page is the server's to say. */
export function previewMenus(draft: Draft, roleId: number | null): CustomMenus {
  const shown = (e: DraftChild) => roleId === null || e.visibility === 'all' || e.role_ids.includes(roleId);
  const out = (e: DraftChild) => ({
    id: e.id,
    name: e.name.trim(),
    kind: e.kind,
    url: e.url.trim(),
    dashboard_id: e.dashboard_id,
    icon: e.icon,
  });
  const area = (list: DraftEntry[]): CustomMenuEntry[] =>
    list
      .filter(shown)
      .map((e) => ({ ...out(e), children: e.kind === 'group' ? e.children.filter(shown).map(out) : [] }))
      .filter((e) => e.kind !== 'group' || e.children.length > 0);
  return {
    sidebar_title: draft.sidebar_title.trim(),
    top_bar_title: draft.top_bar_title.trim(),
    side: area(draft.side),
    top: area(draft.top),
  };
}
