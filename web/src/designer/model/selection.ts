// What a click selects on the canvas or in the layer panel: an element of a group selects its outermost group's
// members (the group moves as one), and shift adds to the selection or takes back out what was in it.
import { expandSelection } from './groups';
import type { DesignDocument } from './types';

/** The selection after a click on `elementId`, `additive` when shift is held. */
export function clickSelection(
  doc: DesignDocument,
  selection: readonly string[],
  elementId: string,
  additive: boolean,
): string[] {
  const clicked = expandSelection(doc, elementId);
  if (clicked.length === 0) return [...selection];
  if (!additive) return clicked;
  const hit = new Set(clicked);
  if (clicked.every((id) => selection.includes(id))) return selection.filter((id) => !hit.has(id));
  return [...selection, ...clicked.filter((id) => !selection.includes(id))];
}
