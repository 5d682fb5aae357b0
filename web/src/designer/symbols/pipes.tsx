// Pipe fittings, 16 units wide and meeting the square's edges mid-way, so pieces placed side by side join without
// a seam: the fill has no outline of its own, only the pipe walls are stroked.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 64, h: 64 };

interface Fitting {
  /** The pipe's cross-section area, open at the ends. */
  fill: string;
  /** The walls, drawn without the open ends. */
  walls: string;
}

function fitting({ fill, walls }: Fitting) {
  return function PipeFitting({ parts, title }: SymbolProps) {
    return (
      <SymbolFrame width={64} height={64} title={title}>
        <g {...partProps(parts, 'body')}>
          <path d={fill} stroke="none" />
          <path d={walls} fill="none" />
        </g>
      </SymbolFrame>
    );
  };
}

const Straight = fitting({ fill: 'M0 24h64v16H0z', walls: 'M0 24h64M0 40h64' });
const Elbow = fitting({
  fill: 'M0 24h24a16 16 0 0 1 16 16v24H24V40H0z',
  walls: 'M0 24h24a16 16 0 0 1 16 16v24M0 40h24v24',
});
const Tee = fitting({
  fill: 'M0 24h64v16H40v24H24V40H0z',
  walls: 'M0 24h64M0 40h24v24M64 40H40v24',
});
const Cross = fitting({
  fill: 'M24 0h16v24h24v16H40v24H24V40H0V24h24z',
  walls: 'M0 24h24V0M40 0v24h24M64 40H40v24M24 64V40H0',
});

function Reducer({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <g {...partProps(parts, 'body')}>
        <path d="M0 20h20l24 4h20v16H44l-24 4H0z" stroke="none" />
        <path d="M0 20h20l24 4h20M0 44h20l24-4h20M20 20v24M44 24v16" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function Flange({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <g {...partProps(parts, 'body')}>
        <path d="M0 24h64v16H0z" stroke="none" />
        <path d="M0 24h64M0 40h64" fill="none" />
        <rect x="25" y="14" width="6" height="36" rx="1" />
        <rect x="33" y="14" width="6" height="36" rx="1" />
      </g>
    </SymbolFrame>
  );
}

export const PIPES = [
  defineSymbol('pipe_straight', 'pipe', SIZE, ['body'], Straight),
  defineSymbol('pipe_elbow', 'pipe', SIZE, ['body'], Elbow),
  defineSymbol('pipe_tee', 'pipe', SIZE, ['body'], Tee),
  defineSymbol('pipe_cross', 'pipe', SIZE, ['body'], Cross),
  defineSymbol('pipe_reducer', 'pipe', SIZE, ['body'], Reducer),
  defineSymbol('pipe_flange', 'pipe', SIZE, ['body'], Flange),
];
