// A value axis per unit, for every chart that draws series of several data sources (the report charts and the
// device's history): a report mixing MPa and ℃ must not flatten the pressures against the temperatures. The first
// unit's axis is on the left, the second's on the right, further ones offset outward on alternate sides; series
// without a unit share one unnamed axis. Pure: the caller styles the axes.

/** How far each further axis on one side stands out from the one inside it, in px. */
export const UNIT_AXIS_OFFSET = 56;

export type AxisSide = 'left' | 'right' | 'bottom' | 'top';

export interface UnitAxis {
  /** The unit ('' for the series without one). */
  unit: string;
  /** The axis's name: its unit (none for the unitless axis). */
  name: string;
  position: AxisSide;
  /** 0 for the first axis of a side, then UNIT_AXIS_OFFSET more per axis further out. */
  offset: number;
}

export interface UnitAxes {
  axes: UnitAxis[];
  /** The axis index of each series, in the series' order. */
  axisOf: number[];
  /** How far the axes reach beyond the plot on each side, for the grid's margins (px beyond the first axis). */
  extra: { start: number; end: number };
}

/** The units in order of first appearance ('' for none). */
export function distinctUnits(units: readonly (string | null | undefined)[]): string[] {
  return [...new Set(units.map((u) => u?.trim() ?? ''))];
}

/**
 * The axes of series whose units are `units` (one per series). Vertical charts place them left, right, left
 * further out, …; horizontal charts (`horizontal`) bottom, top, ….
 */
export function unitAxes(units: readonly (string | null | undefined)[], horizontal = false): UnitAxes {
  const distinct = distinctUnits(units);
  const [first, second]: [AxisSide, AxisSide] = horizontal ? ['bottom', 'top'] : ['left', 'right'];
  const axes = distinct.map((unit, index) => ({
    unit,
    name: unit,
    position: index % 2 === 0 ? first : second,
    offset: Math.floor(index / 2) * UNIT_AXIS_OFFSET,
  }));
  const outer = (side: AxisSide) =>
    Math.max(0, ...axes.filter((a) => a.position === side).map((a) => a.offset));
  return {
    axes,
    axisOf: units.map((u) => distinct.indexOf(u?.trim() ?? '')),
    extra: { start: outer(first), end: outer(second) },
  };
}

/**
 * ECharts value axes for `layout`: `style(axis, index)` gives each its look (the caller's theme); the first axis
 * draws the split lines and the others align their ticks with it, so the grid reads once.
 */
export function unitAxisOptions(
  layout: UnitAxes,
  style: (axis: UnitAxis, index: number) => Record<string, unknown>,
): Record<string, unknown>[] {
  const axes = layout.axes.length > 0 ? layout.axes : [{ unit: '', name: '', position: 'left', offset: 0 }];
  return axes.map((axis, index) => ({
    type: 'value',
    name: axis.name,
    position: axis.position,
    offset: axis.offset,
    ...(index > 0 ? { alignTicks: true } : {}),
    ...style(axis as UnitAxis, index),
    ...(index > 0 ? { splitLine: { show: false } } : {}),
  }));
}
