// The designer's document model (DESIGN §7): types, the wire round trip and the pure operations the editor applies
// through its store (editor/store.ts `apply`). Every operation is `(doc, …) → doc`, leaves its input untouched and
// returns the very same document when it changes nothing (so the store records no empty step); the three that create
// things (addElements, groupSelection, pasteElements) return the new ids beside the document.
export type * from './types';

// --- wire round trip and ids ---
// normalizeDocument(wire): the in-memory document, every default of the server schema filled.
// normalizeElement(wire element): one element likewise. emptyDocument(): an empty screen.
// toWire(doc): the body PUT /yun/module/view/design takes, sharing nothing with doc.
export { emptyDocument, normalizeDocument, normalizeElement, toWire } from './normalize';
export type { LooseDocument, LooseElement } from './normalize';
// newElementIds(doc, n) / newGroupIds(doc, n): ids no element or group of doc has.
export { newElementIds, newGroupIds } from './ids';

// --- element operations (locked elements, or those of a locked group, are neither moved nor deleted) ---
// addElements(doc, [{type, placement, settings, bindings, …}]) → {doc, ids}: on top, refused past SCREEN_ELEMENTS_MAX.
export { addElements } from './operations';
// deleteElements(doc, ids): the groups left empty go too.
export { deleteElements } from './operations';
// moveElements(doc, ids, dx, dy); translate(doc, Map id → [dx, dy]): each its own delta, in one pass.
export { moveElements, translate } from './operations';
// setPlacement(doc, id, {x, y, w, h, rotation} in part): resize, rotate; setPlacements(doc, {id: placement}).
export { setPlacement, setPlacements } from './operations';
// nudge(doc, ids, 'ArrowLeft' | …, shift): 1 px, or NUDGE_SHIFT_PX with shift.
export { nudge, NUDGE_PX, NUDGE_SHIFT_PX } from './operations';
// updateElement(doc, id, {settings, bindings, states, flicker, actions}): refused when it breaks a server limit.
export { updateElement } from './operations';
// setFlag(doc, [{kind: 'element' | 'group', id}], 'locked' | 'hidden', value): lock, hide, and back.
export { setFlag } from './operations';
// renameElement(doc, id, name): the user's name of an element (empty: the designer's own name for it).
export { renameElement } from './operations';
// updateCanvas(doc, {width, height, background, grid} in part).
export { updateCanvas } from './operations';
// clampPlacement(placement): within the server's coordinate range, rotation folded into ±360.
export { clampPlacement } from './operations';
export type { ArrowKey, CanvasPatch, ElementPatch, LayerRef, NewElement } from './operations';

// --- groups (persisted in doc.groups, nested through parent) ---
// groupSelection(doc, ids, name?) → {doc, groupId}: the selection's units in one new group (null when < 2 units).
export { groupSelection } from './groups';
// ungroup(doc, groupId): members and child groups move to its parent. renameGroup(doc, groupId, name).
export { renameGroup, ungroup } from './groups';
// expandSelection(doc, id): what a click on an element selects, the members of its outermost group.
export { expandSelection } from './groups';
// groupMembers(doc, groupId): its elements at any depth; groupTree(doc): chains and members computed once.
export { groupMembers, groupTree } from './groups';
// clickSelection(doc, selection, id, shift): the selection after a click (a group's members together).
export { clickSelection } from './selection';
// selectionUnits(doc, ids): what a selection acts on, a wholly selected group being one unit.
export { selectionUnits } from './groups';
// isLocked / isHidden(doc, id): the element's own flag or any of its groups'; lockedElements / hiddenElements(doc):
// all locked or hidden ids at once.
export { hiddenElements, isHidden, isLocked, lockedElements } from './groups';
export type { GroupTree, SelectionUnit } from './groups';

// --- arranging ---
// align(doc, ids, 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom', canvasSize): to the selection's bounds,
// a single unit to the canvas.
export { align } from './arrange';
// distribute(doc, ids, 'horizontal' | 'vertical'): equal gaps between three or more units.
export { distribute } from './arrange';
// reorder(doc, ids, 'front' | 'back' | 'forward' | 'backward'): z-order; byZ(doc): elements bottom to top.
export { byZ, reorder } from './arrange';
// layerTree(doc): groups and elements, top first, for the layer panel.
export { layerTree } from './arrange';
// canvasSize(doc, fallback): the size the screen is drawn at, its own or the template's for its kind.
export { canvasSize } from './arrange';
export type { AlignEdge, CanvasSize, LayerNode, ZMove } from './arrange';

// --- clipboard and bindings ---
// copyElements(doc, ids, {templateId, screenId, dataSources, screens?}) → the clipboard payload (groups copied whole
// kept; the data sources and screens it names, by name).
export { copyElements } from './clipboard';
// clipboardText(payload) / parseClipboard(text): the clipboard's JSON (null for text that is not ours).
export { clipboardText, parseClipboard, CLIPBOARD_MARKER } from './clipboard';
// pasteElements(doc, payload, {templateId, dataSources, screens?, offset?}) → {doc, ids}: fresh ids, bindings, jumps
// and pop-ups re-pointed by name across templates.
export { pasteElements, PASTE_OFFSET } from './clipboard';
// brokenBindings(doc, dataSourceIds, screenIds?): elements whose binding or write names a source the template lacks,
// or (screenIds given) whose jump or pop-up names a screen it lacks.
// elementSourceIds(element) / elementScreenIds(element): every data source it reads or writes / screen it opens.
export { brokenBindings, elementScreenIds, elementSourceIds } from './clipboard';
export type { BrokenBinding, ClipboardPayload, DataSourceRef, ScreenRef } from './clipboard';

// --- geometry (canvas pixels) ---
// rotatedBounds(placement): the upright box a rotated element covers; unionBounds(boxes); selectionBounds(doc, ids).
export { rotatedBounds, selectionBounds, unionBounds } from './geometry';
// snapBox(box, {others, grid, zoom, threshold?}) → {x, y, guides}: snapped to edges and centres, else the grid.
export { snapBox, SNAP_THRESHOLD_PX } from './geometry';
export type { Box, Guide, SnapOptions, SnapResult } from './geometry';

// --- pipes and connectors (connectors.ts) ---
// portsOf(element): its ports on the canvas (four side midpoints, a path's two ends, or its symbol's own);
// nearestPort(elements, point, reach, exclude): the port a dragged end snaps to; endOf(path, 'start' | 'end').
// setEnd(doc, id, end, point, anchor | null): puts an end there, attached to the anchor's port or detached;
// detachEnd(doc, id, end). keepAttached(before, after): what the store runs after every operation, so attached ends
// follow their ports (and let go when their own pipe moves them off, or the target goes).
export {
  attachedTargets,
  detachEnd,
  endOf,
  isPath,
  keepAttached,
  nearestPort,
  ON_PORT_PX,
  pathCanvasPoints,
  portOf,
  portsOf,
  setEnd,
} from './connectors';
export type { End, Port, XY } from './connectors';

// --- validity ---
// validateDocument(doc): duplicate ids, unknown groups, group cycles, too many elements or groups, and each element's
// problems; elementProblems(element): type, state count, bindings, actions, placement. A problem's text is
// designer.problems.<kind>, interpolating the problem (t(key, problem)).
export { elementProblems, PROBLEM_KINDS, validateDocument } from './validate';
export type { Problem, ProblemKind } from './validate';
