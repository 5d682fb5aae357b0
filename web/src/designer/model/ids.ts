// Ids of new elements and groups. The server takes any `[A-Za-z0-9_-]{1,64}`; the designer numbers its own (`e12`,
// `g3`) above the highest number the document already uses, so a new id never meets one in the document, and the
// legacy upgrade's ids (`e1`, `e2`, … from templates/screens/document.py) continue the same series.
import type { DesignDocument } from './types';

export const ELEMENT_PREFIX = 'e';
export const GROUP_PREFIX = 'g';

/** `count` ids `<prefix><n>` not in `taken`, numbered above the highest `<prefix><n>` there. */
export function freshIds(prefix: string, taken: Iterable<string>, count: number): string[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  const used = new Set(taken);
  let next = 1;
  for (const id of used) {
    const match = pattern.exec(id);
    if (match) next = Math.max(next, Number(match[1]) + 1);
  }
  const out: string[] = [];
  while (out.length < count) {
    const id = `${prefix}${next++}`;
    if (!used.has(id)) out.push(id);
  }
  return out;
}

/** Every id of the document, elements and groups together, so an element never takes a group's id either. */
export function documentIds(doc: DesignDocument): string[] {
  return [...doc.elements.map((e) => e.id), ...doc.groups.map((g) => g.id)];
}

export function newElementIds(doc: DesignDocument, count: number): string[] {
  return freshIds(ELEMENT_PREFIX, documentIds(doc), count);
}

export function newGroupIds(doc: DesignDocument, count: number): string[] {
  return freshIds(GROUP_PREFIX, documentIds(doc), count);
}
