// Column widths that fit a list at common screen widths: key columns always shown, low-priority ones only from a
// breakpoint up (`responsive`), action columns only as wide as their links, and a horizontal scroll only as a fallback
// when the visible columns are wider than the table.
import { Grid } from 'antd';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | 'xxxl';
export type Screens = Partial<Record<Breakpoint, boolean>>;

/** Shown from 1600 px wide (antd's xxl) and from 1920 px (xxxl): the tiers of low-priority columns. */
export const FROM_XXL: Breakpoint[] = ['xxl', 'xxxl'];
export const FROM_XXXL: Breakpoint[] = ['xxxl'];

/** Horizontal padding of a cell in a `size="middle"` table (8 px each side). */
export const CELL_PADDING = 16;
/** The selection and expand columns antd adds. */
export const SELECTION_WIDTH = 32;
export const EXPAND_WIDTH = 48;
/** A column with neither width nor minWidth counts this much. */
const DEFAULT_WIDTH = 120;
/** A date and time (YYYY-MM-DD HH:mm:ss) column. */
export const TIME_WIDTH = 170;

const WIDE = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;

/** Width of a 14 px label, estimated per character (CJK full width; Latin on the generous side). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (WIDE.test(char)) width += 14;
    else if (char === ' ') width += 4.5;
    else if (/[A-Z0-9]/.test(char)) width += 9.5;
    else width += 8;
  }
  return Math.ceil(width);
}

const LINK_PADDING = 8;
const GAP = 4;
const MORE_BUTTON = 24;

/** Width of an action column showing these links (and a "more" button). */
export function actionsWidth(labels: readonly string[], more: boolean): number {
  const links = labels.reduce((sum, label) => sum + textWidth(label) + LINK_PADDING, 0);
  const parts = labels.length + (more ? 1 : 0);
  const width = CELL_PADDING + links + GAP * Math.max(0, parts - 1) + (more ? MORE_BUTTON : 0) + 4;
  return Math.ceil(width / 4) * 4;
}

/**
 * The actions column, fixed right: `labels` are the most links a row shows (the widest set), `more` whether rows
 * have a "more" menu; the width fits them and the title.
 */
export function actionColumn<T>(options: {
  title: string;
  labels: readonly string[];
  more: boolean;
  render: (record: T) => ReactNode;
}): TableColumnType<T> {
  const width = Math.max(
    actionsWidth(options.labels, options.more),
    textWidth(options.title) + CELL_PADDING + 4,
  );
  return {
    key: 'actions',
    title: options.title,
    fixed: 'right',
    width,
    render: (_: unknown, record: T) => options.render(record),
  };
}

/** Whether a column shows at these screens (antd's rule for `responsive`). */
export function isVisible(column: { responsive?: Breakpoint[] | undefined }, screens: Screens): boolean {
  return !column.responsive || column.responsive.some((bp) => screens[bp] === true);
}

/** The width the visible columns need: the table scrolls sideways only when it is narrower than this. */
export function scrollWidth(
  columns: readonly {
    width?: number | string | undefined;
    minWidth?: number | undefined;
    responsive?: Breakpoint[] | undefined;
  }[],
  screens: Screens,
  extra = 0,
): number {
  return columns
    .filter((column) => isVisible(column, screens))
    .reduce(
      (sum, column) =>
        sum + (typeof column.width === 'number' ? column.width : (column.minWidth ?? DEFAULT_WIDTH)),
      extra,
    );
}

/** The `scroll` of a table with these columns (plus a selection or expand column) at the current screen width. */
export function useFitScroll<T>(
  columns: readonly TableColumnType<T>[],
  options: { selection?: boolean; expandable?: boolean } = {},
): { x: number } {
  const screens = Grid.useBreakpoint();
  const extra = (options.selection ? SELECTION_WIDTH : 0) + (options.expandable ? EXPAND_WIDTH : 0);
  return { x: scrollWidth(columns, screens, extra) };
}
