// Stacked bars of a few series per category: plain SVG drawn at the box's own pixel width (crisp text, no scaling),
// for pages that should not load ECharts (the home page's devices per group). Hover or focus a bar for its figures.
import { useLayoutEffect, useRef, useState } from 'react';

import { ChartLegend, ChartTooltip, useChartTooltip } from './chart-tooltip';
import { integerTicks } from './svg-geometry';
import './svg-charts.css';

export interface BarSeries {
  key: string;
  label: string;
  color: string;
  /** One value per category. */
  values: readonly number[];
}

export interface StackedBarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  ariaLabel: string;
  height?: number;
}

const LEGEND = 28;
const AXIS_LABELS = 24;
const TOP_PAD = 8;
const RIGHT_PAD = 16;
const MAX_BAR = 36;
const RADIUS = 4;
/** Width of a digit and of a CJK character at the axis' 12 px, for the tick gutter and the cut of long names. */
const DIGIT_PX = 7;
const CHAR_PX = 12;

/** A category name cut to what fits in `width` px, with an ellipsis (CJK counted wide, Latin narrow). */
export function fitLabel(label: string, width: number): string {
  let used = 0;
  let out = '';
  for (const char of label) {
    const w = /[\u2e80-\uffff]/.test(char) ? CHAR_PX : DIGIT_PX;
    if (used + w > width) return `${out.slice(0, Math.max(0, out.length - 1))}…`;
    used += w;
    out += char;
  }
  return out;
}

/** A bar segment; the top one gets rounded upper corners. */
function segmentPath(x: number, y: number, w: number, h: number, rounded: boolean): string {
  const r = rounded ? Math.min(RADIUS, h, w / 2) : 0;
  return [
    `M${String(x)},${String(y + h)}`,
    `V${String(y + r)}`,
    r ? `Q${String(x)},${String(y)} ${String(x + r)},${String(y)}` : '',
    `H${String(x + w - r)}`,
    r ? `Q${String(x + w)},${String(y)} ${String(x + w)},${String(y + r)}` : '',
    `V${String(y + h)}`,
    'Z',
  ].join(' ');
}

export function StackedBarChart({ categories, series, ariaLabel, height = 260 }: StackedBarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const totals = categories.map((_c, i) => series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0));
  const ticks = integerTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1] ?? 1;
  const gutter = Math.max(...ticks.map((t) => String(t).length)) * DIGIT_PX + 12;
  const plotHeight = Math.max(40, height - LEGEND - AXIS_LABELS - TOP_PAD);
  const plotWidth = Math.max(0, width - gutter - RIGHT_PAD);
  const band = categories.length ? plotWidth / categories.length : 0;
  const barWidth = Math.min(MAX_BAR, band * 0.6);
  const y = (value: number) => TOP_PAD + plotHeight - (value / top) * plotHeight;

  const { tip, active, show, hide, pointer } = useChartTooltip(box, (index) => ({
    title: categories[index],
    rows: series.map((s) => ({ color: s.color, label: s.label, value: s.values[index] ?? 0 })),
  }));

  return (
    <div className="svg-chart svg-chart--bars" style={{ height }} ref={box} onPointerLeave={hide}>
      <ChartLegend items={series} className="svg-chart__legend--top" />
      {width > 0 && (
        <svg
          className="svg-chart__svg"
          width={width}
          height={height - LEGEND}
          role="img"
          aria-label={`${ariaLabel}: ${categories
            .map((c, i) => `${c} ${series.map((s) => `${s.label} ${String(s.values[i] ?? 0)}`).join(' ')}`)
            .join(', ')}`}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={gutter}
                x2={gutter + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? 'svg-chart__axis' : 'svg-chart__grid'}
              />
              <text x={gutter - 8} y={y(tick) + 4} textAnchor="end" className="svg-chart__tick">
                {tick}
              </text>
            </g>
          ))}
          {categories.map((category, index) => {
            const left = gutter + band * index;
            const x = left + (band - barWidth) / 2;
            let stacked = 0;
            const lastShown = series.reduce((last, s, k) => ((s.values[index] ?? 0) > 0 ? k : last), -1);
            return (
              <g
                key={`${category}-${String(index)}`}
                data-category={category}
                className="svg-chart__band"
                tabIndex={0}
                aria-label={`${category}: ${series.map((s) => `${s.label} ${String(s.values[index] ?? 0)}`).join(', ')}`}
                onPointerMove={(event) => pointer(event, index)}
                onFocus={() => show(index, left + band / 2, TOP_PAD + plotHeight / 2)}
                onBlur={hide}
              >
                <rect
                  x={left}
                  y={TOP_PAD}
                  width={band}
                  height={plotHeight}
                  className={
                    active === index ? 'svg-chart__shadow svg-chart__shadow--on' : 'svg-chart__shadow'
                  }
                />
                {series.map((s, k) => {
                  const value = Math.max(0, s.values[index] ?? 0);
                  if (value === 0) return null;
                  const from = stacked;
                  stacked += value;
                  const yTop = y(stacked);
                  return (
                    <path
                      key={s.key}
                      d={segmentPath(x, yTop, barWidth, y(from) - yTop, k === lastShown)}
                      fill={s.color}
                    />
                  );
                })}
                <text
                  x={left + band / 2}
                  y={TOP_PAD + plotHeight + 17}
                  textAnchor="middle"
                  className="svg-chart__tick svg-chart__category"
                >
                  <title>{category}</title>
                  {fitLabel(category, band - 8)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <ChartTooltip state={tip} />
    </div>
  );
}
