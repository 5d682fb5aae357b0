// The hover card of the light SVG charts: a title and coloured rows, placed at the pointer inside the chart's box.
import type { ReactNode } from 'react';

export interface TooltipRow {
  color: string;
  label: string;
  value: ReactNode;
}

export interface ChartTooltipState {
  x: number;
  y: number;
  /** The chart box's width when shown: the card flips to the pointer's left in the right half. */
  width: number;
  title?: string;
  rows: TooltipRow[];
}

/** Drawn inside a `position: relative` chart box; flips to the pointer's left in the box's right half. */
export function ChartTooltip({ state }: { state: ChartTooltipState | null }) {
  if (!state) return null;
  const flip = state.x > state.width / 2;
  return (
    <div
      className="svg-chart__tooltip"
      role="status"
      style={{
        top: Math.max(0, state.y - 12),
        ...(flip ? { right: Math.max(0, state.width - state.x + 12) } : { left: state.x + 12 }),
      }}
    >
      {state.title && <div className="svg-chart__tooltip-title">{state.title}</div>}
      {state.rows.map((row) => (
        <div key={row.label} className="svg-chart__tooltip-row">
          <span className="svg-chart__dot" style={{ background: row.color }} />
          <span className="svg-chart__tooltip-label">{row.label}</span>
          <span className="svg-chart__tooltip-value">{row.value}</span>
        </div>
      ))}
    </div>
  );
}

/** The legend under or over a chart: a dot and a label per series. */
export function ChartLegend({
  items,
  className,
}: {
  items: readonly { key: string; label: string; color: string }[];
  className?: string;
}) {
  return (
    <ul className={`svg-chart__legend ${className ?? ''}`}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="svg-chart__dot" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
