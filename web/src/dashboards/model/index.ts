// The dashboard model (DESIGN §8): the document in memory and the editor's pure operations on it.
// types: DashboardModel (cards with every field, desktop and phone places, whether the phone layout is derived).
export type { Breakpoint, DashboardCard, DashboardModel, GridPlace, LayoutItem } from './types';
// document: normalizeDocument (server → model), toWire (model → server), fillCard, cardIds, cardTypes, emptyModel.
export {
  cardIds,
  cardTypes,
  emptyModel,
  fillCard,
  normalizeDocument,
  placeDesktop,
  placeMobile,
  toWire,
} from './document';
// operations: addCard, removeCard, duplicateCard, moveResize, updateCard, resetPhoneLayout, clampLayouts.
export {
  addCard,
  clampLayouts,
  duplicateCard,
  moveResize,
  removeCard,
  resetPhoneLayout,
  updateCard,
} from './operations';
export type { CardPatch } from './operations';
// layout: firstFreeSpot, stackPhone, readingOrder, clampItem; grid: the grids' sizes and their pixel geometry.
export { appendMissingPhone, clampItem, firstFreeSpot, phoneRows, readingOrder, stackPhone } from './layout';
export {
  cellRect,
  desktopGrid,
  GRID_COLUMNS,
  GRID_ROWS,
  PHONE_COLUMNS,
  PHONE_GAP,
  PHONE_ROW_HEIGHT,
} from './grid';
export type { GridGeometry, Rect } from './grid';
// ids: newCardId.
export { newCardId } from './ids';
