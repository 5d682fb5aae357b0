// A donut of a few shares with the total in its hole: plain SVG, for pages that should not load ECharts (the home
// page's device states). Hover or focus a slice for its value and share.
import { useRef } from 'react';

import { colors } from '@/lib/theme';
import { ChartLegend, ChartTooltip, useChartTooltip } from './chart-tooltip';
import { donutSegments, percent } from './svg-geometry';
import './svg-charts.css';

export interface DonutSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface DonutChartProps {
  slices: readonly DonutSlice[];
  /** The figure in the hole and its caption (the total and what it counts). */
  centerValue: string;
  centerLabel: string;
  ariaLabel: string;
  height?: number;
}

const SIZE = 200;
const RADIUS = 62;
const STROKE = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The white seam between slices, as ECharts' 2 px border drew it. */
const GAP = 2;

export function DonutChart({ slices, centerValue, centerLabel, ariaLabel, height = 260 }: DonutChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const segments = donutSegments(
    slices.map((s) => s.value),
    CIRCUMFERENCE,
    GAP,
  );

  const { tip, active, show, hide, pointer } = useChartTooltip(box, (index) => {
    const slice = slices[index];
    const segment = segments.find((s) => s.index === index);
    if (!slice || !segment) return null;
    return {
      rows: [
        {
          color: slice.color,
          label: slice.label,
          value: `${String(slice.value)} (${percent(segment.share)})`,
        },
      ],
    };
  });

  return (
    <div className="svg-chart svg-chart--donut" style={{ height }} ref={box} onPointerLeave={hide}>
      <svg
        className="svg-chart__svg"
        viewBox={`0 0 ${String(SIZE)} ${String(SIZE)}`}
        role="img"
        aria-label={`${ariaLabel}: ${slices.map((s) => `${s.label} ${String(s.value)}`).join(', ')}`}
      >
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke={colors.fill}
          strokeWidth={STROKE}
        />
        <g transform={`rotate(-90 ${String(SIZE / 2)} ${String(SIZE / 2)})`}>
          {segments.map((segment) => {
            const slice = slices[segment.index];
            if (!slice) return null;
            return (
              <circle
                key={slice.key}
                data-slice={slice.key}
                className="svg-chart__slice"
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                fill="none"
                stroke={slice.color}
                strokeWidth={active === segment.index ? STROKE + 6 : STROKE}
                strokeDasharray={`${String(segment.length)} ${String(CIRCUMFERENCE - segment.length)}`}
                strokeDashoffset={segment.offset}
                tabIndex={0}
                aria-label={`${slice.label}: ${String(slice.value)} (${percent(segment.share)})`}
                onPointerMove={(event) => pointer(event, segment.index)}
                onFocus={() => {
                  const width = box.current?.clientWidth ?? SIZE;
                  show(segment.index, width / 2, 24);
                }}
                onBlur={hide}
              />
            );
          })}
        </g>
        <text x={SIZE / 2} y={SIZE / 2 + 2} className="svg-chart__center-value" textAnchor="middle">
          {centerValue}
        </text>
        <text x={SIZE / 2} y={SIZE / 2 + 22} className="svg-chart__center-label" textAnchor="middle">
          {centerLabel}
        </text>
      </svg>
      <ChartLegend items={slices} className="svg-chart__legend--bottom" />
      <ChartTooltip state={tip} />
    </div>
  );
}
