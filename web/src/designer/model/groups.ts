// Groups persist in `doc.groups` (DESIGN §7) and nest through `parent`; an element belongs to its innermost group.
// Moving, aligning or copying a group acts on its members, so the operations here answer "which elements does this
// group hold" and "what does a selection act on as units".
import { SCREEN_GROUPS_MAX } from '@/types/limits.gen';

import { newGroupIds } from './ids';
import type { DesignDocument, DesignGroup } from './types';

/** The group structure of one document, computed once: each group's chain outwards and its elements. */
export interface GroupTree {
  /** The groups from `groupId` outwards (itself first); stops at a cycle or an unknown id. */
  chain: (groupId: string | null) => string[];
  /** The ids of the elements inside the group, at any depth. */
  members: (groupId: string) => string[];
  get: (groupId: string) => DesignGroup | undefined;
}

export function groupTree(doc: DesignDocument): GroupTree {
  const groups = new Map(doc.groups.map((g) => [g.id, g]));
  const chain = (groupId: string | null): string[] => {
    const out: string[] = [];
    let current = groupId;
    while (current !== null && !out.includes(current)) {
      const group = groups.get(current);
      if (!group) break;
      out.push(current);
      current = group.parent;
    }
    return out;
  };
  const members = new Map<string, string[]>();
  for (const element of doc.elements) {
    for (const id of chain(element.group)) {
      const list = members.get(id);
      if (list) list.push(element.id);
      else members.set(id, [element.id]);
    }
  }
  return { chain, members: (id) => members.get(id) ?? [], get: (id) => groups.get(id) };
}

export function groupChain(doc: DesignDocument, groupId: string | null): string[] {
  return groupTree(doc).chain(groupId);
}

export function groupMembers(doc: DesignDocument, groupId: string): string[] {
  return groupTree(doc).members(groupId);
}

/** The ids of the elements locked (or hidden), by themselves or by a group around them, computed once for many
 * look-ups: asking isHidden of each of 500 elements builds the group tree 500 times. */
export function lockedElements(doc: DesignDocument): Set<string> {
  return flaggedElements(doc, 'locked');
}

export function hiddenElements(doc: DesignDocument): Set<string> {
  return flaggedElements(doc, 'hidden');
}

function flaggedElements(doc: DesignDocument, flag: 'locked' | 'hidden'): Set<string> {
  const tree = groupTree(doc);
  const flaggedGroup = (id: string): boolean => tree.get(id)?.[flag] === true;
  return new Set(
    doc.elements.filter((e) => e[flag] || tree.chain(e.group).some(flaggedGroup)).map((e) => e.id),
  );
}

/** An element is locked (or hidden) when it is, or any group around it is. */
export function isLocked(doc: DesignDocument, elementId: string): boolean {
  return inheritedFlag(doc, elementId, 'locked');
}

export function isHidden(doc: DesignDocument, elementId: string): boolean {
  return inheritedFlag(doc, elementId, 'hidden');
}

function inheritedFlag(doc: DesignDocument, elementId: string, flag: 'locked' | 'hidden'): boolean {
  const element = doc.elements.find((e) => e.id === elementId);
  if (!element) return false;
  if (element[flag]) return true;
  const tree = groupTree(doc);
  return tree.chain(element.group).some((id) => tree.get(id)?.[flag] === true);
}

/** What a click on an element selects: the members of its outermost group, or the element alone. */
export function expandSelection(doc: DesignDocument, elementId: string): string[] {
  const element = doc.elements.find((e) => e.id === elementId);
  if (!element) return [];
  const tree = groupTree(doc);
  const outer = tree.chain(element.group).at(-1);
  return outer === undefined ? [elementId] : tree.members(outer);
}

/** A selection as the units it acts on: each outermost group whose members are all selected is one unit (its
 * members together), every other selected element is a unit of its own. */
export interface SelectionUnit {
  group: string | null;
  ids: string[];
}

export function selectionUnits(doc: DesignDocument, ids: readonly string[]): SelectionUnit[] {
  const selected = new Set(ids);
  const tree = groupTree(doc);
  const whole = new Map<string, boolean>();
  const isWhole = (g: string): boolean => {
    let answer = whole.get(g);
    if (answer === undefined) {
      answer = tree.members(g).every((id) => selected.has(id));
      whole.set(g, answer);
    }
    return answer;
  };
  const units: SelectionUnit[] = [];
  const seenGroups = new Set<string>();
  for (const element of doc.elements) {
    if (!selected.has(element.id)) continue;
    const outer = tree.chain(element.group).filter(isWhole).at(-1);
    if (outer === undefined) units.push({ group: null, ids: [element.id] });
    else if (!seenGroups.has(outer)) {
      seenGroups.add(outer);
      units.push({ group: outer, ids: tree.members(outer) });
    }
  }
  return units;
}

/** Groups with no element at any depth are dropped: an ungroup or a delete leaves none behind. */
export function pruneEmptyGroups(doc: DesignDocument): DesignDocument {
  const tree = groupTree(doc);
  const used = new Set(doc.elements.flatMap((e) => tree.chain(e.group)));
  if (used.size === doc.groups.length) return doc;
  return { ...doc, groups: doc.groups.filter((g) => used.has(g.id)) };
}

/** The innermost group holding every unit, or null when they share none. */
function commonParent(doc: DesignDocument, units: SelectionUnit[]): string | null {
  const tree = groupTree(doc);
  const parents = units.map((u) => {
    const start = u.group ?? doc.elements.find((e) => e.id === u.ids[0])?.group ?? null;
    return u.group === null ? tree.chain(start) : tree.chain(start).slice(1);
  });
  const [first = [], ...rest] = parents;
  return first.find((g) => rest.every((chain) => chain.includes(g))) ?? null;
}

/** Puts the selection's units into one new group (nested inside the group they share, if any). Fewer than two
 * units, or SCREEN_GROUPS_MAX groups already, change nothing. Returns the new group's id, or null. */
export function groupSelection(
  doc: DesignDocument,
  ids: readonly string[],
  name = '',
): { doc: DesignDocument; groupId: string | null } {
  const units = selectionUnits(doc, ids).filter((u) => u.ids.length > 0);
  if (units.length < 2 || doc.groups.length >= SCREEN_GROUPS_MAX) return { doc, groupId: null };
  const [groupId = ''] = newGroupIds(doc, 1);
  const parent = commonParent(doc, units);
  const unitGroups = new Set(units.flatMap((u) => (u.group === null ? [] : [u.group])));
  const loose = new Set(units.filter((u) => u.group === null).flatMap((u) => u.ids));
  const next: DesignDocument = {
    ...doc,
    groups: [
      ...doc.groups.map((g) => (unitGroups.has(g.id) ? { ...g, parent: groupId } : g)),
      { id: groupId, name, parent, locked: false, hidden: false },
    ],
    elements: doc.elements.map((e) => (loose.has(e.id) ? { ...e, group: groupId } : e)),
  };
  return { doc: pruneEmptyGroups(next), groupId };
}

/** Dissolves a group: its elements and child groups move to its parent. */
export function ungroup(doc: DesignDocument, groupId: string): DesignDocument {
  const group = doc.groups.find((g) => g.id === groupId);
  if (!group) return doc;
  return {
    ...doc,
    groups: doc.groups
      .filter((g) => g.id !== groupId)
      .map((g) => (g.parent === groupId ? { ...g, parent: group.parent } : g)),
    elements: doc.elements.map((e) => (e.group === groupId ? { ...e, group: group.parent } : e)),
  };
}

export function renameGroup(doc: DesignDocument, groupId: string, name: string): DesignDocument {
  return { ...doc, groups: doc.groups.map((g) => (g.id === groupId ? { ...g, name } : g)) };
}
