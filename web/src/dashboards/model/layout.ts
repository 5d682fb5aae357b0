// Placing cards on a grid: the first free spot for a new card, the phone layout stacked from the desktop one, and
// layout items kept inside their grid.
import { DASHBOARD_ROWS_MAX } from '@/types/limits.gen';
import { GRID_COLUMNS, PHONE_COLUMNS, PHONE_ROWS_MAX, PHONE_ROWS_MIN } from './grid';
import type { GridPlace, LayoutItem } from './types';

function overlaps(a: GridPlace, b: GridPlace): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The first spot, row by row from the top and left to right, where a `w` × `h` card overlaps none of `layout`. */
export function firstFreeSpot(
  layout: readonly GridPlace[],
  w: number,
  h: number,
  cols: number = GRID_COLUMNS,
): { x: number; y: number } {
  const width = Math.min(Math.max(1, w), cols);
  const bottom = layout.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  for (let y = 0; y <= bottom; y += 1)
    for (let x = 0; x + width <= cols; x += 1) {
      const probe = { i: '', x, y, w: width, h };
      if (!layout.some((item) => overlaps(item, probe))) return { x, y };
    }
  return { x: 0, y: Math.min(bottom, DASHBOARD_ROWS_MAX) };
}

/** An item made to fit a grid of `cols` columns (the server refuses x + w beyond it). */
export function clampItem(item: GridPlace, cols: number): LayoutItem {
  const w = Math.min(Math.max(1, Math.round(item.w)), cols);
  const x = Math.min(Math.max(0, Math.round(item.x)), cols - w);
  const y = Math.min(Math.max(0, Math.round(item.y)), DASHBOARD_ROWS_MAX);
  const h = Math.min(Math.max(1, Math.round(item.h)), DASHBOARD_ROWS_MAX);
  return { i: item.i, x, y, w, h };
}

/** The cards in desktop reading order: top to bottom, then left to right. */
export function readingOrder(desktop: readonly LayoutItem[]): LayoutItem[] {
  return [...desktop].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** A phone card's height: its desktop height within the phone's bounds. */
export function phoneRows(desktopRows: number): number {
  return Math.min(PHONE_ROWS_MAX, Math.max(PHONE_ROWS_MIN, desktopRows));
}

/** The phone layout of `desktop`: every card full width, one under the other in reading order. */
export function stackPhone(desktop: readonly LayoutItem[]): LayoutItem[] {
  let y = 0;
  return readingOrder(desktop).map((item) => {
    const h = phoneRows(item.h);
    const placed = { i: item.i, x: 0, y, w: PHONE_COLUMNS, h };
    y += h;
    return placed;
  });
}

/** `mobile` with the cards of `desktop` it lacks stacked below it, full width, in reading order. */
export function appendMissingPhone(
  mobile: readonly LayoutItem[],
  desktop: readonly LayoutItem[],
): LayoutItem[] {
  const placed = new Set(mobile.map((item) => item.i));
  let y = mobile.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const added = readingOrder(desktop.filter((item) => !placed.has(item.i))).map((item) => {
    const h = phoneRows(item.h);
    const next = { i: item.i, x: 0, y, w: PHONE_COLUMNS, h };
    y += h;
    return next;
  });
  return added.length ? [...mobile, ...added] : [...mobile];
}
