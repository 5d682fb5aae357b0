// The designer's document model (DESIGN §7): types, the wire round trip and the pure operations the editor applies
// through its store (editor/store.ts). Every operation is `(doc, …) → doc`, leaves its input untouched and returns
// the very same document when it changes nothing; the three that create things also return the new ids.
export type * from './types';

// --- wire round trip and ids ---
/** `normalizeDocument(wire)`: every default of the server schema filled; `toWire(doc)`: the PUT body. */
export { emptyDocument, normalizeDocument, normalizeElement, toWire } from './normalize';
export type { LooseDocument, LooseElement } from './normalize';
/** `newElementIds(doc, n)` / `newGroupIds(doc, n)`: ids no element or group of `doc` has. */
export { newElementIds, newGroupIds } from './ids';

// --- element operations ---
/** `addElements(doc, [{type, placement, settings, …}])` → `{doc, ids}`: on top, fresh ids, refused past the limit. */
/** `deleteElements`, `moveElements(doc, ids, dx, dy)`, `setPlacement(doc, id, {w, h, rotation…})`,
 * `setPlacements(doc, {id: placement})`, `nudge(doc, ids, arrowKey, shift)` (1 or 10 px): locked ones untouched. */
/** `updateElement(doc, id, {settings, bindings, states, flicker, actions})`, `setFlag(doc, [{kind, id}], 'locked'
 * | 'hidden', value)`, `updateCanvas(doc, {width, background, grid…})`. */
export {
  addElements,
  clampPlacement,
  deleteElements,
  moveElements,
  nudge,
  setFlag,
  setPlacement,
  setPlacements,
  updateCanvas,
  updateElement,
  NUDGE_PX,
  NUDGE_SHIFT_PX,
} from './operations';
export type { ArrowKey, CanvasPatch, ElementPatch, LayerRef, NewElement } from './operations';

// --- groups ---
/** `groupSelection(doc, ids, name?)` → `{doc, groupId}`; `ungroup(doc, groupId)`; `renameGroup`. */
/** `expandSelection(doc, id)`: what a click selects (its outermost group's members); `groupMembers(doc, groupId)`;
 * `selectionUnits(doc, ids)`: what the selection acts on as units; `isLocked` / `isHidden` (inherited from groups). */
export {
  expandSelection,
  groupMembers,
  groupSelection,
  groupTree,
  isHidden,
  isLocked,
  renameGroup,
  selectionUnits,
  ungroup,
} from './groups';
export type { GroupTree, SelectionUnit } from './groups';

// --- arranging ---
/** `align(doc, ids, edge, canvasSize)`: to the selection's bounds, a single unit to the canvas;
 * `distribute(doc, ids, 'horizontal' | 'vertical')`; `reorder(doc, ids, 'front' | 'back' | 'forward' | 'backward')`;
 * `byZ(doc)`: elements bottom to top; `layerTree(doc)`: groups and elements, top first, for the layer panel. */
export { align, byZ, distribute, layerTree, reorder } from './arrange';
export type { AlignEdge, CanvasSize, LayerNode, ZMove } from './arrange';

// --- clipboard and bindings ---
/** `copyElements(doc, ids, {templateId, screenId, dataSources})` → payload; `clipboardText` / `parseClipboard`;
 * `pasteElements(doc, payload, {templateId, dataSources, offset?})` → `{doc, ids}`; `brokenBindings(doc, sourceIds)`:
 * elements naming a data source the template lacks. */
export {
  brokenBindings,
  clipboardText,
  copyElements,
  elementSourceIds,
  parseClipboard,
  pasteElements,
  CLIPBOARD_MARKER,
  PASTE_OFFSET,
} from './clipboard';
export type { BrokenBinding, ClipboardPayload, DataSourceRef } from './clipboard';

// --- geometry ---
/** `rotatedBounds(placement)`, `unionBounds(boxes)`, `selectionBounds(doc, ids)`; `snapBox(box, {others, grid, zoom})`
 * → `{x, y, guides}`: the snapped position and the guide lines to draw, the snap distance in screen pixels. */
export { rotatedBounds, selectionBounds, snapBox, unionBounds, SNAP_THRESHOLD_PX } from './geometry';
export type { Box, Guide, SnapOptions, SnapResult } from './geometry';

// --- validity ---
/** `validateDocument(doc)`: duplicate ids, unknown groups, group cycles, too many elements or groups, placements out
 * of range. */
export { PROBLEM_KINDS, validateDocument } from './validate';
export type { Problem, ProblemKind } from './validate';
