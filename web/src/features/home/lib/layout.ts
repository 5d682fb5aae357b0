// The home page's grid: the gap between its cards, across and down, by screen width.
import type { Breakpoint } from 'antd';

/** 12 px up to 1600 px wide, where seven figures share a row; 16 px beyond. */
export const HOME_GUTTER: Partial<Record<Breakpoint, number>> = { xs: 12, xxl: 16 };
