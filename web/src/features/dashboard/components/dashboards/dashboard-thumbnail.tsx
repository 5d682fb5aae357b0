// A dashboard drawn small in the list: its canvas in its proportions and theme colours, each card where it sits on the
// desktop grid (the summary's outline), with a hint of what it shows (a heading, bars, a map's points, a screen, a
// list's lines). A dashboard without cards is its empty canvas.
import type { ReactNode } from 'react';

import { cellRect, GRID_COLUMNS, type GridGeometry } from '@/dashboards/model';
import type { DashboardSummary } from '@/lib/dashboards/types';
import type { ThemeSwatch } from '../../lib/dashboard-settings';

/** Rows the canvas holds (model/grid.ts GRID_ROWS); a card lower down is cut off, as a presentation cuts it. */
const ROWS = 36;

type Card = DashboardSummary['outline'][number];
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The grid of a thumbnail: the canvas's own, with gaps wide enough to show at a thumbnail's size. */
function thumbnailGrid(width: number, height: number): GridGeometry {
  const margin = Math.max(4, Math.round(Math.min(width, height) / 60));
  return {
    cols: GRID_COLUMNS,
    margin,
    rowHeight: Math.max(1, (height - (ROWS + 1) * margin) / ROWS),
    colWidth: Math.max(1, (width - (GRID_COLUMNS + 1) * margin) / GRID_COLUMNS),
  };
}

/** What a card of `type` shows, drawn in the accent inside its box. */
function hint(type: string, box: Box, unit: number): ReactNode {
  const { left, top, width, height } = box;
  const cx = left + width / 2;
  const cy = top + height / 2;
  const pad = Math.min(width, height) * 0.18;
  const inner = { left: left + pad, top: top + pad, width: width - 2 * pad, height: height - 2 * pad };
  if (inner.width <= 0 || inner.height <= 0) return null;
  switch (type) {
    case 'text':
    case 'time': {
      const w = inner.width * (type === 'text' ? 0.7 : 0.4);
      const h = Math.min(inner.height * 0.4, unit * 3);
      return <rect x={cx - w / 2} y={cy - h / 2} width={w} height={h} rx={h / 4} opacity={0.85} />;
    }
    case 'report': {
      const heights = [0.45, 0.75, 0.55, 0.95, 0.65];
      const step = inner.width / heights.length;
      return heights.map((share, i) => (
        <rect
          key={i}
          x={inner.left + i * step + step * 0.2}
          y={inner.top + inner.height * (1 - share)}
          width={step * 0.6}
          height={inner.height * share}
          opacity={0.7}
        />
      ));
    }
    case 'map':
      return [
        [0.3, 0.4],
        [0.62, 0.3],
        [0.5, 0.7],
      ].map(([x = 0, y = 0], i) => (
        <circle
          key={i}
          cx={inner.left + inner.width * x}
          cy={inner.top + inner.height * y}
          r={Math.min(inner.width, inner.height) * 0.1}
          opacity={0.8}
        />
      ));
    case 'configuration':
    case 'iframe':
      return (
        <rect {...{ x: inner.left, y: inner.top, width: inner.width, height: inner.height }} opacity={0.25} />
      );
    case 'weather':
      return <circle cx={cx} cy={cy} r={Math.min(inner.width, inner.height) * 0.3} opacity={0.8} />;
    case 'fault':
    case 'deviceTree':
    case 'groupTree':
    case 'netMonitor':
    case 'container':
    case 'dashboardToggle': {
      const line = Math.min(unit * 2, inner.height / 7);
      const count = Math.max(1, Math.min(6, Math.floor(inner.height / (line * 2.5))));
      return Array.from({ length: count }, (_v, i) => (
        <rect
          key={i}
          x={inner.left}
          y={inner.top + i * line * 2.5}
          width={inner.width * (i % 2 === 0 ? 1 : 0.7)}
          height={line}
          opacity={0.45}
        />
      ));
    }
    default:
      return null;
  }
}

export function DashboardThumbnail({
  dashboard,
  swatch,
  label,
  className,
}: {
  dashboard: DashboardSummary;
  swatch: ThemeSwatch;
  label: string;
  className: string;
}) {
  const { width, height } = dashboard;
  const grid = thumbnailGrid(width, height);
  const unit = Math.min(width, height) / 108;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      style={{ aspectRatio: `${String(width)} / ${String(height)}` }}
      role="img"
      aria-label={label}
    >
      <rect width={width} height={height} fill={swatch.background} />
      {dashboard.outline.map((card: Card, index) => {
        const box = cellRect(card, grid);
        return (
          <g key={index} data-type={card.type}>
            <rect
              x={box.left}
              y={box.top}
              width={box.width}
              height={box.height}
              rx={unit * 1.5}
              fill={swatch.card}
              stroke={swatch.accent}
              strokeOpacity={0.55}
              strokeWidth={unit * 0.6}
            />
            <g fill={swatch.accent}>{hint(card.type, box, unit)}</g>
          </g>
        );
      })}
    </svg>
  );
}
