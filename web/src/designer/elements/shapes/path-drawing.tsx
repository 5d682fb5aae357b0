// The SVG of a line, polyline or pipe: the points in the box's pixels (1 unit = 1 px at 100 %, so dash lengths and
// stroke widths do not stretch with the box), an optional casing under the line (a pipe's wall), and an optional
// flow of dashes over it.
import { useRef } from 'react';

import { classes } from '../look';
import { flowClass, flowStyle, type Flow } from './flow';
import { useFlowTicker } from './flow-ticker';
import { svgPoints, type Point } from './points';
import './shapes.css';

interface PathDrawingProps {
  points: readonly Point[];
  w: number;
  h: number;
  stroke: string;
  strokeWidth: number;
  dashed?: boolean;
  /** A wider line drawn under the flow (the pipe's wall). */
  casing?: { stroke: string; width: number };
  flow?: { stroke: string; width: number; flow: Flow };
  className?: string;
  style?: React.CSSProperties;
}

export function PathDrawing({
  points,
  w,
  h,
  stroke,
  strokeWidth,
  dashed,
  casing,
  flow,
  className,
  style,
}: PathDrawingProps) {
  const at = svgPoints(points, w, h);
  return (
    <div className={classes('iot-el iot-el--drawing', className)} style={style}>
      <svg
        viewBox={`0 0 ${String(w)} ${String(h)}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        fill="none"
        strokeLinejoin="round"
      >
        {casing && (
          <polyline points={at} stroke={casing.stroke} strokeWidth={casing.width} strokeLinecap="butt" />
        )}
        <polyline
          points={at}
          stroke={stroke}
          strokeWidth={strokeWidth}
          strokeDasharray={dashed ? `${String(strokeWidth * 3)} ${String(strokeWidth * 2)}` : undefined}
          strokeLinecap="round"
        />
        {flow && <FlowLine points={at} stroke={flow.stroke} width={flow.width} flow={flow.flow} />}
      </svg>
    </div>
  );
}

/** The flow's dashes over the line, moved by the shared ticker (flow-ticker.ts). */
function FlowLine({
  points,
  stroke,
  width,
  flow,
}: {
  points: string;
  stroke: string;
  width: number;
  flow: Flow;
}) {
  const ref = useRef<SVGPolylineElement>(null);
  useFlowTicker(ref, flow);
  return (
    <polyline
      ref={ref}
      data-flow={flow.direction}
      className={flowClass(flow)}
      style={flowStyle(flow)}
      points={points}
      stroke={stroke}
      strokeWidth={width}
      strokeLinecap="butt"
    />
  );
}
