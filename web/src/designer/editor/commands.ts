// The toolbar's and the property panel's commands on the current selection, each one step of the history: align,
// distribute, z-order, group and ungroup, lock, hide and delete. The canvas's keyboard shortcuts act on the same
// model operations; these only pick the selection and the canvas size from the store.
import {
  align,
  canvasSize,
  deleteElements,
  distribute,
  groupSelection,
  hiddenElements,
  lockedElements,
  reorder,
  selectionUnits,
  setFlag,
  ungroup,
  type AlignEdge,
  type CanvasSize,
  type LayerRef,
  type ZMove,
} from '../model';
import type { DesignDocument } from '../model/types';
import type { DesignerStore } from './store';

/** What the selection's units are, as layer refs: a wholly selected group as itself, other elements one by one. */
export function selectionRefs(doc: DesignDocument, ids: readonly string[]): LayerRef[] {
  return selectionUnits(doc, ids).flatMap((unit): LayerRef[] =>
    unit.group === null
      ? unit.ids.map((id) => ({ kind: 'element', id }))
      : [{ kind: 'group', id: unit.group }],
  );
}

/** What the toolbar may do with the selection, for its disabled states. */
export interface SelectionAbilities {
  any: boolean;
  /** Two or more units: align to each other, group. */
  several: boolean;
  /** Three or more units: distribute. */
  distribute: boolean;
  /** A wholly selected group to dissolve. */
  ungroup: boolean;
  /** Every selected element is locked (the lock button shows "unlock"). */
  locked: boolean;
  /** Every selected element is hidden. */
  hidden: boolean;
}

export function selectionAbilities(doc: DesignDocument, ids: readonly string[]): SelectionAbilities {
  const units = selectionUnits(doc, ids);
  // One pass over the groups for the whole selection, not one per element (a select-all of 500).
  const locked = ids.length > 0 ? lockedElements(doc) : null;
  const hidden = ids.length > 0 ? hiddenElements(doc) : null;
  return {
    any: ids.length > 0,
    several: units.length >= 2,
    distribute: units.length >= 3,
    ungroup: units.some((u) => u.group !== null),
    locked: locked !== null && ids.every((id) => locked.has(id)),
    hidden: hidden !== null && ids.every((id) => hidden.has(id)),
  };
}

export function alignSelection(store: DesignerStore, edge: AlignEdge, fallback: CanvasSize): void {
  const { selection } = store.getState();
  store.getState().apply((doc) => align(doc, selection, edge, canvasSize(doc, fallback)));
}

export function distributeSelection(store: DesignerStore, axis: 'horizontal' | 'vertical'): void {
  const { selection } = store.getState();
  store.getState().apply((doc) => distribute(doc, selection, axis));
}

export function reorderSelection(store: DesignerStore, move: ZMove): void {
  const { selection } = store.getState();
  store.getState().apply((doc) => reorder(doc, selection, move));
}

export function groupSelected(store: DesignerStore): void {
  const { selection } = store.getState();
  store.getState().apply((doc) => groupSelection(doc, selection).doc);
}

/** Dissolves the outermost groups wholly selected; the elements stay selected. */
export function ungroupSelected(store: DesignerStore): void {
  const { selection } = store.getState();
  store
    .getState()
    .apply((doc) =>
      selectionUnits(doc, selection).reduce(
        (next, unit) => (unit.group === null ? next : ungroup(next, unit.group)),
        doc,
      ),
    );
}

/** Locks the selection, or unlocks it when all of it is locked already (likewise hide and show). */
export function toggleSelectionFlag(store: DesignerStore, flag: 'locked' | 'hidden'): void {
  const { selection, doc } = store.getState();
  const abilities = selectionAbilities(doc, selection);
  const on = flag === 'locked' ? !abilities.locked : !abilities.hidden;
  // An element locked or hidden through its group is freed by clearing the group's flag, so the refs name both.
  const refs: LayerRef[] = [
    ...selection.map((id): LayerRef => ({ kind: 'element', id })),
    ...selectionRefs(doc, selection).filter((ref) => ref.kind === 'group'),
  ];
  const groups = on ? [] : groupChains(doc, selection);
  store.getState().apply((current) => setFlag(current, [...refs, ...groups], flag, on));
}

function groupChains(doc: DesignDocument, ids: readonly string[]): LayerRef[] {
  const byId = new Map(doc.groups.map((g) => [g.id, g]));
  const seen = new Set<string>();
  for (const element of doc.elements) {
    if (!ids.includes(element.id)) continue;
    let group = element.group === null ? undefined : byId.get(element.group);
    while (group && !seen.has(group.id)) {
      seen.add(group.id);
      group = group.parent === null ? undefined : byId.get(group.parent);
    }
  }
  return [...seen].map((id) => ({ kind: 'group', id }));
}

export function deleteSelected(store: DesignerStore): void {
  const { selection } = store.getState();
  store.getState().apply((doc) => deleteElements(doc, selection));
}
