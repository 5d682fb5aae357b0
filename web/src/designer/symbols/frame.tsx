// The frame every symbol draws in: the accessible name, and the grey fill, stroke and stroke width its shapes inherit
// unless a part gives its own, so a symbol file carries only its geometry and its parts.
import type { ReactNode } from 'react';

import { SYMBOL_FILL, SYMBOL_FILL_DARK, SYMBOL_STROKE, SYMBOL_STROKE_WIDTH } from './style';

interface SymbolFrameProps {
  /** The drawing's size in its own units; a symbol's `defaultSize` has the same ratio. */
  width: number;
  height: number;
  title: string | undefined;
  children: ReactNode;
}

export function SymbolFrame({ width, height, title, children }: SymbolFrameProps) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height="100%"
      role={title ? 'img' : undefined}
      aria-hidden={!title}
    >
      {title ? <title>{title}</title> : null}
      <g
        fill={SYMBOL_FILL}
        stroke={SYMBOL_STROKE}
        strokeWidth={SYMBOL_STROKE_WIDTH}
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        {children}
      </g>
    </svg>
  );
}

/** What a pump, a blower or a compressor stands on (y `top` to 60): equipment, not state, so it stays grey. */
export function Plinth({ top = 52 }: { top?: number }) {
  return <path d={`M12 60h40l-4-${60 - top}H16z`} fill={SYMBOL_FILL_DARK} />;
}
