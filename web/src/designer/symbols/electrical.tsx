// Electrical: breaker, disconnector, transformer, generator, motor control panel and pilot lamp, drawn on a vertical
// feeder as in a single-line diagram, so they stack on one line.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_LIGHT } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 64, h: 64 };

function Breaker({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M32 0v16M32 48v16" fill="none" />
      <g {...partProps(parts, 'body')}>
        <rect x="16" y="16" width="32" height="32" rx="2" />
        <path d="M26 26l12 12M38 26L26 38" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function Disconnector({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M32 0v12M32 52v12M26 12h12" fill="none" />
      <path {...partProps(parts, 'blade')} d="M30 52l-14-36 4-1.5 14 36z" />
      <circle cx="32" cy="52" r="4" fill={SYMBOL_FILL_LIGHT} />
    </SymbolFrame>
  );
}

function Transformer({ parts, title }: SymbolProps) {
  const primary = partProps(parts, 'primary');
  const secondary = partProps(parts, 'secondary');
  // Fills first and outlines after, so each winding's whole circle shows where they overlap.
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <path d="M32 0v20M32 76v20" fill="none" />
      <circle {...primary} cx="32" cy="36" r="16" stroke="none" />
      <circle {...secondary} cx="32" cy="60" r="16" stroke="none" />
      <circle {...primary} cx="32" cy="36" r="16" fill="none" />
      <circle {...secondary} cx="32" cy="60" r="16" fill="none" />
    </SymbolFrame>
  );
}

function Generator({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M32 0v8" fill="none" />
      <g {...partProps(parts, 'body')}>
        <circle cx="32" cy="34" r="24" />
        <path d="M18 34c4-12 10-12 14 0s10 12 14 0" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function MotorControlPanel({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={80} title={title}>
      <g {...partProps(parts, 'body')}>
        <rect x="8" y="4" width="48" height="72" rx="2" />
        {/* Drawer fronts and their handles. */}
        <path d="M8 28h48M8 52h48M46 14v6M46 38v6M46 62v6" fill="none" />
      </g>
      <g {...partProps(parts, 'indicator', SYMBOL_FILL_LIGHT)}>
        <circle cx="18" cy="16" r="4" />
        <circle cx="18" cy="40" r="4" />
        <circle cx="18" cy="64" r="4" />
      </g>
    </SymbolFrame>
  );
}

function Lamp({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M32 0v10M32 54v10" fill="none" />
      <g {...partProps(parts, 'lamp', SYMBOL_FILL_LIGHT)}>
        <circle cx="32" cy="32" r="22" />
        {/* The IEC lamp's cross. */}
        <path d="M16.4 16.4l31.2 31.2M47.6 16.4L16.4 47.6" fill="none" />
      </g>
    </SymbolFrame>
  );
}

export const ELECTRICAL = [
  defineSymbol('breaker', 'electrical', SIZE, ['body'], Breaker),
  defineSymbol('disconnector', 'electrical', SIZE, ['blade'], Disconnector),
  defineSymbol('transformer', 'electrical', { w: 64, h: 96 }, ['primary', 'secondary'], Transformer),
  defineSymbol('generator', 'electrical', SIZE, ['body'], Generator),
  defineSymbol(
    'motor_control_panel',
    'electrical',
    { w: 64, h: 80 },
    ['body', 'indicator'],
    MotorControlPanel,
  ),
  defineSymbol('lamp', 'electrical', SIZE, ['lamp'], Lamp),
];
