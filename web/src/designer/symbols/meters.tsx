// Local meters: an inline flow meter, a pressure gauge, a thermometer and a level transmitter. Dials are light, the
// reading (needle, column, display) is a part of its own.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT, SYMBOL_STROKE } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 64, h: 64 };

function FlowMeter({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M0 38h64v12H0z" stroke="none" />
      <path d="M0 38h64M0 50h64" fill="none" />
      <rect x="29" y="22" width="6" height="10" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="14" y="30" width="36" height="28" rx="4" />
        <path d="M22 44h16" fill="none" />
      </g>
      <path d="M36 40l7 4-7 4z" fill={SYMBOL_STROKE} />
      <circle {...partProps(parts, 'display', SYMBOL_FILL_LIGHT)} cx="32" cy="13" r="11" />
    </SymbolFrame>
  );
}

function PressureGauge({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="27" y="48" width="10" height="14" fill={SYMBOL_FILL_DARK} />
      <circle {...partProps(parts, 'body')} cx="32" cy="27" r="24" />
      <circle cx="32" cy="27" r="18" fill={SYMBOL_FILL_LIGHT} />
      {/* Scale from 7 to 5 o'clock. */}
      <path
        d="M19.3 39.7l3-3M14 27h4M19.3 14.3l3 3M32 9v4M44.7 14.3l-3 3M50 27h-4M44.7 39.7l-3-3"
        fill="none"
      />
      <path {...partProps(parts, 'needle', SYMBOL_FILL_DARK)} d="M30 29l13-13-9 15z" />
      <circle cx="32" cy="27" r="3" fill={SYMBOL_STROKE} />
    </SymbolFrame>
  );
}

function Thermometer({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={32} height={64} title={title}>
      <g {...partProps(parts, 'body', SYMBOL_FILL_LIGHT)}>
        <rect x="10" y="2" width="12" height="46" rx="6" />
        <circle cx="16" cy="52" r="10" />
      </g>
      <g {...partProps(parts, 'liquid', SYMBOL_FILL_DARK)}>
        <rect x="14" y="20" width="4" height="30" />
        <circle cx="16" cy="52" r="6" />
      </g>
      <path d="M22 12h5M22 20h5M22 28h5M22 36h5" fill="none" />
    </SymbolFrame>
  );
}

function LevelTransmitter({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="28" y="28" width="8" height="8" fill={SYMBOL_FILL_DARK} />
      <path d="M22 40l-6 20h32l-6-20z" fill={SYMBOL_FILL_DARK} />
      <rect x="12" y="34" width="40" height="6" rx="1" />
      <rect {...partProps(parts, 'body')} x="12" y="4" width="40" height="24" rx="6" />
      <rect {...partProps(parts, 'display', SYMBOL_FILL_LIGHT)} x="20" y="10" width="24" height="12" rx="1" />
    </SymbolFrame>
  );
}

export const METERS = [
  defineSymbol('meter_flow', 'meter', SIZE, ['body', 'display'], FlowMeter),
  defineSymbol('gauge_pressure', 'meter', SIZE, ['body', 'needle'], PressureGauge),
  defineSymbol('thermometer', 'meter', { w: 32, h: 64 }, ['body', 'liquid'], Thermometer),
  defineSymbol('transmitter_level', 'meter', SIZE, ['body', 'display'], LevelTransmitter),
];
