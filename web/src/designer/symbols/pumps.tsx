// Pumps: centrifugal (its own file, the library's first symbol), positive displacement, vacuum and dosing, each on
// the same fixed plinth.
import { defineSymbol } from './define';
import { Plinth, SymbolFrame } from './frame';
import { pumpCentrifugal } from './pump-centrifugal';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 64, h: 64 };

function PositiveDisplacementPump({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Plinth />
      <g {...partProps(parts, 'body')}>
        <rect x="2" y="29" width="12" height="10" />
        <rect x="50" y="29" width="12" height="10" />
        <rect x="12" y="16" width="40" height="36" rx="6" />
      </g>
      <g {...partProps(parts, 'rotor', SYMBOL_FILL_LIGHT)}>
        <circle cx="24" cy="34" r="9" />
        <circle cx="40" cy="34" r="9" />
      </g>
      <circle cx="24" cy="34" r="2" fill={SYMBOL_FILL_DARK} />
      <circle cx="40" cy="34" r="2" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

function VacuumPump({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Plinth />
      <g {...partProps(parts, 'body')}>
        <rect x="14" y="4" width="10" height="16" />
        <rect x="40" y="4" width="10" height="16" />
        <circle cx="32" cy="33" r="20" />
      </g>
      {/* Liquid-ring / vane pump: the rotor sits off the casing's centre. */}
      <g {...partProps(parts, 'rotor', SYMBOL_FILL_LIGHT)}>
        <circle cx="32" cy="40" r="11" />
        <path d="M32 29V14M22 36l-9-3M42 36l9-3" fill="none" />
      </g>
      <circle cx="32" cy="40" r="3" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

function DosingPump({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Plinth />
      <g {...partProps(parts, 'body')}>
        <rect x="17" y="6" width="10" height="16" />
        <rect x="2" y="31" width="10" height="10" />
        <rect x="36" y="24" width="24" height="28" rx="2" />
        <circle cx="22" cy="36" r="15" />
        <path d="M42 32h12M42 38h12M42 44h12" fill="none" />
      </g>
      <path {...partProps(parts, 'diaphragm', SYMBOL_FILL_DARK)} d="M24 22q10 14 0 28z" />
    </SymbolFrame>
  );
}

export const PUMPS = [
  pumpCentrifugal,
  defineSymbol('pump_positive_displacement', 'pump', SIZE, ['body', 'rotor'], PositiveDisplacementPump),
  defineSymbol('pump_vacuum', 'pump', SIZE, ['body', 'rotor'], VacuumPump),
  defineSymbol('pump_dosing', 'pump', SIZE, ['body', 'diaphragm'], DosingPump),
];
