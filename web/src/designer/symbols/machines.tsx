// Rotating machines: motor and agitator, fan and blower, centrifugal and reciprocating compressors. What turns is a
// part of its own, so a running state can colour the rotor while the casing stays grey.
import { defineSymbol } from './define';
import { Plinth, SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 64, h: 64 };

function Motor({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="10" y="50" width="36" height="8" fill={SYMBOL_FILL_DARK} />
      <rect x="48" y="29" width="14" height="8" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="20" y="8" width="16" height="10" />
        <rect x="4" y="20" width="8" height="26" rx="2" />
        <rect x="10" y="16" width="40" height="34" rx="4" />
        {/* Cooling fins. */}
        <path d="M18 22v22M26 22v22M34 22v22M42 22v22" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function Agitator({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="30" y="18" width="4" height="34" fill={SYMBOL_FILL_DARK} />
      <rect {...partProps(parts, 'motor')} x="20" y="2" width="24" height="16" rx="3" />
      <g {...partProps(parts, 'blades', SYMBOL_FILL_DARK)}>
        <ellipse cx="21" cy="52" rx="11" ry="5" />
        <ellipse cx="43" cy="52" rx="11" ry="5" />
      </g>
      <circle cx="32" cy="52" r="4" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

const PETAL = 'M32 32c-8-4-10-14-4-20 4 2 6 12 4 20z';

function Fan({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M22 56h20l4 6H18z" fill={SYMBOL_FILL_DARK} />
      <circle {...partProps(parts, 'body', SYMBOL_FILL_LIGHT)} cx="32" cy="30" r="26" />
      <g {...partProps(parts, 'blades')} transform="translate(0 -2)">
        <path d={PETAL} />
        <path d={PETAL} transform="rotate(90 32 32)" />
        <path d={PETAL} transform="rotate(180 32 32)" />
        <path d={PETAL} transform="rotate(270 32 32)" />
      </g>
      <circle cx="32" cy="30" r="4" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

function Blower({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Plinth top={54} />
      <g {...partProps(parts, 'body')}>
        <rect x="32" y="8" width="28" height="14" />
        <circle cx="32" cy="32" r="24" />
      </g>
      <g {...partProps(parts, 'wheel', SYMBOL_FILL_LIGHT)}>
        <circle cx="32" cy="32" r="14" />
        <path
          d="M32 24v-6M32 40v6M24 32h-6M40 32h6M26.3 26.3l-4.2-4.2M37.7 37.7l4.2 4.2M26.3 37.7l-4.2 4.2M37.7 26.3l4.2-4.2"
          fill="none"
        />
      </g>
      <circle cx="32" cy="32" r="8" fill={SYMBOL_FILL_DARK} />
    </SymbolFrame>
  );
}

function CentrifugalCompressor({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Plinth top={54} />
      <g {...partProps(parts, 'body')}>
        <rect x="2" y="20" width="12" height="24" />
        <rect x="50" y="27" width="12" height="10" />
        <circle cx="32" cy="32" r="23" />
      </g>
      {/* Wide at the suction, narrow at the discharge: the gas is squeezed. */}
      <path {...partProps(parts, 'rotor', SYMBOL_FILL_DARK)} d="M16 20l32 8v8l-32 8z" />
    </SymbolFrame>
  );
}

function ReciprocatingCompressor({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="20" y="10" width="24" height="30" fill={SYMBOL_FILL_LIGHT} stroke="none" />
      <rect x="30" y="26" width="4" height="18" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="14" y="2" width="36" height="8" rx="2" />
        <path d="M20 10h24v30H20z" fill="none" />
        <rect x="8" y="40" width="48" height="20" rx="4" />
      </g>
      <rect {...partProps(parts, 'piston', SYMBOL_FILL_DARK)} x="21" y="18" width="22" height="9" />
      <circle cx="32" cy="50" r="5" fill={SYMBOL_FILL_LIGHT} />
    </SymbolFrame>
  );
}

export const MACHINES = [
  defineSymbol('motor', 'motor', SIZE, ['body'], Motor),
  defineSymbol('agitator', 'motor', SIZE, ['motor', 'blades'], Agitator),
  defineSymbol('fan', 'fan', SIZE, ['body', 'blades'], Fan),
  defineSymbol('blower', 'fan', SIZE, ['body', 'wheel'], Blower),
  defineSymbol('compressor_centrifugal', 'compressor', SIZE, ['body', 'rotor'], CentrifugalCompressor),
  defineSymbol('compressor_reciprocating', 'compressor', SIZE, ['body', 'piston'], ReciprocatingCompressor),
];
