// The dashboard's grids (DESIGN §8): the desktop grid of DASHBOARD_COLUMNS (24) columns over a fixed canvas, and the
// phone's DASHBOARD_MOBILE_COLUMNS (2) columns, with the pixel geometry the presentation and the editor share, so a
// card sits in the same place in both. The desktop canvas holds GRID_ROWS rows: a row is 1/36 of the canvas height
// (30 px on 1080), so a 9-row card is a quarter of the screen's height on any resolution; cards may sit lower than
// the canvas (the editor shows them, a presentation clips them).
import { DASHBOARD_COLUMNS, DASHBOARD_MOBILE_COLUMNS } from '@/types/limits.gen';

export const GRID_COLUMNS = DASHBOARD_COLUMNS;
export const PHONE_COLUMNS = DASHBOARD_MOBILE_COLUMNS;
/** Rows the canvas height holds. */
export const GRID_ROWS = 36;
/** The phone's row height and gap in CSS px (no scaling on a phone). */
export const PHONE_ROW_HEIGHT = 32;
export const PHONE_GAP = 8;
/** A phone card's height in rows: its desktop height, kept between these (a text line to a tall chart). */
export const PHONE_ROWS_MIN = 3;
export const PHONE_ROWS_MAX = 14;

export interface GridGeometry {
  cols: number;
  /** Gap between cards and around the grid, in canvas px. */
  margin: number;
  rowHeight: number;
  colWidth: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The desktop grid of a `width` × `height` canvas: gaps of about 1/108 of its shorter side (10 px on 1920×1080). */
export function desktopGrid(width: number, height: number): GridGeometry {
  const margin = Math.max(2, Math.round(Math.min(width, height) / 108));
  const rowHeight = Math.max(1, (height - 2 * margin - (GRID_ROWS - 1) * margin) / GRID_ROWS);
  const colWidth = Math.max(1, (width - 2 * margin - (GRID_COLUMNS - 1) * margin) / GRID_COLUMNS);
  return { cols: GRID_COLUMNS, margin, rowHeight, colWidth };
}

/** A grid item's box in px, rounded as react-grid-layout rounds it (calcGridItemPosition), so the editor's grid and
 * the presentation agree to the pixel. */
export function cellRect(item: { x: number; y: number; w: number; h: number }, grid: GridGeometry): Rect {
  const { margin, colWidth, rowHeight } = grid;
  return {
    left: Math.round((colWidth + margin) * item.x + margin),
    top: Math.round((rowHeight + margin) * item.y + margin),
    width: Math.round(colWidth * item.w + Math.max(0, item.w - 1) * margin),
    height: Math.round(rowHeight * item.h + Math.max(0, item.h - 1) * margin),
  };
}
