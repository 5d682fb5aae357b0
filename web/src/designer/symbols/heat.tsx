// Heat transfer: shell-and-tube and plate exchangers, a cooling tower, a boiler and a furnace.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT } from './style';
import type { SymbolProps } from './types';

const FLAME = 'M32 74c-9-2-11-9-6-16 0 5 3 6 4 4-1-5 2-9 6-11-1 5 6 8 5 14-1 5-4 8-9 9z';

function ShellAndTube({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={96} height={64} title={title}>
      <g {...partProps(parts, 'body')}>
        <rect x="26" y="2" width="10" height="12" />
        <rect x="68" y="50" width="10" height="12" />
        <rect x="6" y="40" width="8" height="12" />
        <rect x="4" y="12" width="16" height="40" rx="3" />
        <rect x="18" y="12" width="72" height="40" rx="20" />
      </g>
      <path {...partProps(parts, 'tubes')} d="M20 24h60M20 32h62M20 40h60" fill="none" />
      <rect x="18" y="14" width="4" height="36" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

function PlateExchanger({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M8 9h48M8 55h48" fill="none" />
      <rect x="0" y="14" width="8" height="8" fill={SYMBOL_FILL_DARK} />
      <rect x="0" y="42" width="8" height="8" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="16" y="12" width="32" height="40" />
        {/* The plate pack. */}
        <path d="M21 12v40M26 12v40M31 12v40M36 12v40M41 12v40" fill="none" />
      </g>
      <rect x="6" y="4" width="10" height="56" rx="1" fill={SYMBOL_FILL_DARK} />
      <rect x="48" y="4" width="10" height="56" rx="1" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

function CoolingTower({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <rect {...partProps(parts, 'water', SYMBOL_FILL_DARK)} x="4" y="84" width="56" height="8" />
      <path d="M14 78l-3 6M50 78l3 6M26 78v6M38 78v6" fill="none" />
      <path {...partProps(parts, 'body')} d="M12 78q12-30 6-70h28q-6 40 6 70z" />
    </SymbolFrame>
  );
}

function Boiler({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <rect x="26" y="2" width="12" height="14" fill={SYMBOL_FILL_DARK} />
      <path d="M12 86l-4 8h48l-4-8z" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="10" y="14" width="44" height="72" rx="10" />
        {/* Fire tubes above the furnace. */}
        <path d="M18 26h28M18 34h28M18 42h28" fill="none" />
      </g>
      <rect x="18" y="52" width="28" height="26" rx="2" fill={SYMBOL_FILL_LIGHT} />
      <path {...partProps(parts, 'flame', SYMBOL_FILL_DARK)} d={FLAME} />
    </SymbolFrame>
  );
}

function Furnace({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="40" y="2" width="10" height="20" fill={SYMBOL_FILL_DARK} />
      <path {...partProps(parts, 'body')} d="M6 22h52v38H6z" />
      <rect x="14" y="32" width="36" height="22" rx="2" fill={SYMBOL_FILL_LIGHT} />
      <g {...partProps(parts, 'flame', SYMBOL_FILL_DARK)}>
        <path d={FLAME} transform="translate(-8 -22)" />
        <path d={FLAME} transform="translate(8 -22)" />
      </g>
    </SymbolFrame>
  );
}

export const HEAT = [
  defineSymbol('exchanger_shell_tube', 'exchanger', { w: 96, h: 64 }, ['body', 'tubes'], ShellAndTube),
  defineSymbol('exchanger_plate', 'exchanger', { w: 64, h: 64 }, ['body'], PlateExchanger),
  defineSymbol('cooling_tower', 'exchanger', { w: 64, h: 96 }, ['body', 'water'], CoolingTower),
  defineSymbol('boiler', 'exchanger', { w: 64, h: 96 }, ['body', 'flame'], Boiler),
  defineSymbol('furnace', 'exchanger', { w: 64, h: 64 }, ['body', 'flame'], Furnace),
];
