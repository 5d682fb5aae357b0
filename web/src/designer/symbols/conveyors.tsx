// Conveyors: a belt between its pulleys and a screw in its trough, twice as wide as tall.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 128, h: 64 };

function BeltConveyor({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={128} height={64} title={title}>
      <rect x="30" y="34" width="5" height="26" fill={SYMBOL_FILL_DARK} />
      <rect x="93" y="34" width="5" height="26" fill={SYMBOL_FILL_DARK} />
      <rect {...partProps(parts, 'belt', SYMBOL_FILL_DARK)} x="4" y="12" width="120" height="24" rx="12" />
      <circle cx="16" cy="24" r="9" fill={SYMBOL_FILL_LIGHT} />
      <circle cx="48" cy="30" r="3" fill={SYMBOL_FILL_LIGHT} />
      <circle cx="64" cy="30" r="3" fill={SYMBOL_FILL_LIGHT} />
      <circle cx="80" cy="30" r="3" fill={SYMBOL_FILL_LIGHT} />
      {/* The head pulley is the driven one: a running state colours it. */}
      <circle {...partProps(parts, 'drive')} cx="112" cy="24" r="9" />
    </SymbolFrame>
  );
}

function ScrewConveyor({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={128} height={64} title={title}>
      <g {...partProps(parts, 'body')}>
        <path d="M12 4h28l-6 14H18z" />
        <rect x="104" y="44" width="12" height="14" />
        <rect x="4" y="16" width="120" height="30" rx="4" />
      </g>
      <g {...partProps(parts, 'screw', SYMBOL_FILL_DARK)}>
        <rect x="8" y="29" width="112" height="4" />
        <path d="M12 20l8 22 8-22 8 22 8-22 8 22 8-22 8 22 8-22 8 22 8-22 8 22 8-22" fill="none" />
      </g>
    </SymbolFrame>
  );
}

export const CONVEYORS = [
  defineSymbol('conveyor_belt', 'conveyor', SIZE, ['belt', 'drive'], BeltConveyor),
  defineSymbol('conveyor_screw', 'conveyor', SIZE, ['body', 'screw'], ScrewConveyor),
];
