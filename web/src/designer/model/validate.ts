// What makes a document one the server would refuse or the editor could not draw: the same checks as the server's
// `references` (templates/screens/document.py) plus group cycles, the element and group limits, and each element's
// type, state count, bindings, actions and placement.
// Every operation of model/ keeps a valid document valid; the store's randomised test holds it to that.
import {
  ELEMENT_ACTIONS_MAX,
  ELEMENT_BINDINGS_MAX,
  ELEMENT_STATES_MAX,
  ELEMENT_STATES_MIN,
  ELEMENT_TYPES,
  SCREEN_COORDINATE_MAX,
  SCREEN_ELEMENTS_MAX,
  SCREEN_GROUPS_MAX,
} from '@/types/limits.gen';

import type { DesignDocument, DesignElement, Placement } from './types';

/** Each kind's text is `designer.problems.<kind>` (locales/<lang>/designer-model.json). */
export const PROBLEM_KINDS = [
  'duplicate_element',
  'duplicate_group',
  'unknown_group',
  'unknown_parent',
  'group_cycle',
  'too_many_elements',
  'too_many_groups',
  'placement',
  'unknown_type',
  'state_count',
  'too_many_bindings',
  'too_many_actions',
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** One problem, with what its text (`designer.problems.<kind>`) interpolates: `t(key, problem)`. */
export interface Problem {
  kind: ProblemKind;
  /** The element or group concerned. */
  id?: string;
  /** The limits passed, for the counts. */
  min?: number;
  max?: number;
}

function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}

function placementValid(p: Placement): boolean {
  const inRange = (v: number): boolean => Number.isFinite(v) && Math.abs(v) <= SCREEN_COORDINATE_MAX;
  return (
    inRange(p.x) &&
    inRange(p.y) &&
    inRange(p.w) &&
    inRange(p.h) &&
    p.w > 0 &&
    p.h > 0 &&
    Math.abs(p.rotation) <= 360
  );
}

/** What the server refuses in one element by itself: an unknown type (115212), a state count outside 2–255, more
 * bindings or actions than allowed, a placement out of range. */
export function elementProblems(e: DesignElement): Problem[] {
  const problems: Problem[] = [];
  const count = e.states?.items.length;
  if (!ELEMENT_TYPES.includes(e.type)) problems.push({ kind: 'unknown_type', id: e.id });
  if (count !== undefined && (count < ELEMENT_STATES_MIN || count > ELEMENT_STATES_MAX)) {
    problems.push({ kind: 'state_count', id: e.id, min: ELEMENT_STATES_MIN, max: ELEMENT_STATES_MAX });
  }
  if (Object.keys(e.bindings).length > ELEMENT_BINDINGS_MAX) {
    problems.push({ kind: 'too_many_bindings', id: e.id, max: ELEMENT_BINDINGS_MAX });
  }
  if (e.actions.length > ELEMENT_ACTIONS_MAX) {
    problems.push({ kind: 'too_many_actions', id: e.id, max: ELEMENT_ACTIONS_MAX });
  }
  if (!placementValid(e.placement)) problems.push({ kind: 'placement', id: e.id });
  return problems;
}

/** Groups that are their own ancestor (every group of a loop). */
function cycles(doc: DesignDocument): string[] {
  const parent = new Map(doc.groups.map((g) => [g.id, g.parent]));
  const found = new Set<string>();
  for (const g of doc.groups) {
    const path: string[] = [];
    let current: string | null | undefined = g.id;
    while (current !== null && current !== undefined && !path.includes(current)) {
      path.push(current);
      current = parent.get(current);
    }
    if (current !== null && current !== undefined && current === g.id) found.add(g.id);
  }
  return [...found];
}

/** The problems of a document; empty when it is valid. */
export function validateDocument(doc: DesignDocument): Problem[] {
  const problems: Problem[] = [];
  const groupIds = new Set(doc.groups.map((g) => g.id));
  for (const id of duplicates(doc.elements.map((e) => e.id)))
    problems.push({ kind: 'duplicate_element', id });
  for (const id of duplicates(doc.groups.map((g) => g.id))) problems.push({ kind: 'duplicate_group', id });
  for (const e of doc.elements) {
    if (e.group !== null && !groupIds.has(e.group)) problems.push({ kind: 'unknown_group', id: e.id });
    problems.push(...elementProblems(e));
  }
  for (const g of doc.groups) {
    if (g.parent !== null && !groupIds.has(g.parent)) problems.push({ kind: 'unknown_parent', id: g.id });
  }
  for (const id of cycles(doc)) problems.push({ kind: 'group_cycle', id });
  if (doc.elements.length > SCREEN_ELEMENTS_MAX)
    problems.push({ kind: 'too_many_elements', max: SCREEN_ELEMENTS_MAX });
  if (doc.groups.length > SCREEN_GROUPS_MAX)
    problems.push({ kind: 'too_many_groups', max: SCREEN_GROUPS_MAX });
  return problems;
}
