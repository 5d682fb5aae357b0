// The centrifugal pump: a casing with its tangential discharge and the impeller that a running state colours.
import { defineSymbol } from './define';
import { Plinth, SymbolFrame } from './frame';
import { partProps } from './style';
import type { SymbolProps } from './types';

function CentrifugalPump({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Plinth />
      <g {...partProps(parts, 'body')}>
        <rect x="2" y="29" width="14" height="10" />
        <rect x="32" y="14" width="28" height="10" />
        <circle cx="32" cy="34" r="20" />
      </g>
      <path {...partProps(parts, 'impeller')} d="M24 23l19 11-19 11z" />
    </SymbolFrame>
  );
}

export const pumpCentrifugal = defineSymbol(
  'pump_centrifugal',
  'pump',
  { w: 64, h: 64 },
  ['body', 'impeller'],
  CentrifugalPump,
);
