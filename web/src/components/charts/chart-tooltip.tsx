// The hover card of the light SVG charts: a title and coloured rows, placed at the pointer inside the chart's box.
import { useState, type PointerEvent, type ReactNode, type RefObject } from 'react';

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

/** What the card shows for the item at an index (series rows, a title), or null for no card. */
export type TooltipContent = (index: number) => Pick<ChartTooltipState, 'title' | 'rows'> | null;

/**
 * The hover and focus state of a chart's items: which item is active and where its card is. `show` places it at a
 * point of the chart box (focus), `pointer` at the pointer, `hide` drops both (pointer leaving the box, blur).
 */
export function useChartTooltip(box: RefObject<HTMLDivElement | null>, content: TooltipContent) {
  const [tip, setTip] = useState<ChartTooltipState | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const show = (index: number, x: number, y: number) => {
    const shown = content(index);
    if (!shown) return;
    setActive(index);
    setTip({ x, y, width: box.current?.clientWidth ?? 0, ...shown });
  };
  const hide = () => {
    setActive(null);
    setTip(null);
  };
  const pointer = (event: PointerEvent, index: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) show(index, event.clientX - rect.left, event.clientY - rect.top);
  };
  return { tip, active, show, hide, pointer };
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
