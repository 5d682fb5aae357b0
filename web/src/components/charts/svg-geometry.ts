// Geometry of the console's light SVG charts (donut-chart.tsx, stacked-bar-chart.tsx): pure, tested without a DOM.

/** One slice of a donut: where its arc starts and how long it is, on a circle of circumference `circumference`. */
export interface DonutSegment {
  index: number;
  value: number;
  /** Share of the total, 0–1. */
  share: number;
  /** Stroke length of the arc and its offset along the circle (stroke-dasharray / stroke-dashoffset). */
  length: number;
  offset: number;
}

/**
 * The slices of a donut, clockwise from 12 o'clock, with `gap` left blank after each slice of a donut of more than
 * one slice. Zero and negative values get no slice; an empty donut has none.
 */
export function donutSegments(values: readonly number[], circumference: number, gap = 0): DonutSegment[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  if (total <= 0) return [];
  const shown = values.filter((v) => v > 0).length;
  const blank = shown > 1 ? gap : 0;
  const segments: DonutSegment[] = [];
  let start = 0;
  values.forEach((raw, index) => {
    const value = Math.max(0, raw);
    if (value === 0) return;
    const share = value / total;
    const span = share * circumference;
    segments.push({
      index,
      value,
      share,
      length: Math.max(span - blank, Math.min(span, 1)),
      offset: -start,
    });
    start += span;
  });
  return segments;
}

/** Percent with one decimal, as the charts' tooltips show it. */
export function percent(share: number): string {
  return `${String(Math.round(share * 1000) / 10)}%`;
}

/**
 * Integer axis ticks from 0 to at least `max`: at most `count` + 1 ticks, steps of 1, 2 or 5 × 10ⁿ (counts of
 * devices never get a half).
 */
export function integerTicks(max: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(value);
    if (value >= top) break;
  }
  return ticks;
}
