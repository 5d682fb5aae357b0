// Sensors: the ISA instrument bubble on its impulse line, with a pictogram of the measured quantity instead of tag
// letters, so it reads the same in every language; and a gas detector's housing.
import type { ReactNode } from 'react';

import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT, SYMBOL_STROKE } from './style';
import type { SymbolProps } from './types';

const SIZE = { w: 64, h: 64 };

function Bubble({ parts, title, children }: SymbolProps & { children: ReactNode }) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <path d="M32 50v14" fill="none" />
      <circle {...partProps(parts, 'body', SYMBOL_FILL_LIGHT)} cx="32" cy="28" r="22" />
      {children}
    </SymbolFrame>
  );
}

function TemperatureSensor(props: SymbolProps) {
  return (
    <Bubble {...props}>
      <rect x="28" y="11" width="8" height="22" rx="4" />
      <circle cx="32" cy="36" r="7" fill={SYMBOL_FILL_DARK} />
      <path d="M32 22v12" fill="none" />
    </Bubble>
  );
}

function PressureSensor(props: SymbolProps) {
  return (
    <Bubble {...props}>
      <path d="M18 36a14 14 0 0 1 28 0" fill="none" />
      <path d="M31 37l9-15 -5 17z" fill={SYMBOL_STROKE} />
      <circle cx="32" cy="36" r="3" fill={SYMBOL_STROKE} />
    </Bubble>
  );
}

function LevelSensor(props: SymbolProps) {
  return (
    <Bubble {...props}>
      <path d="M25 14h14l-7 9z" fill={SYMBOL_STROKE} />
      <path d="M16 29q4-4 8 0t8 0 8 0 8 0M18 37h28" fill="none" />
    </Bubble>
  );
}

function FlowSensor(props: SymbolProps) {
  return (
    <Bubble {...props}>
      <path d="M16 28h22" fill="none" />
      <path d="M36 21l12 7-12 7z" fill={SYMBOL_STROKE} />
    </Bubble>
  );
}

function GasDetector({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="22" y="46" width="20" height="14" rx="2" fill={SYMBOL_FILL_DARK} />
      <path d="M27 50v6M32 50v6M37 50v6" fill="none" />
      <rect {...partProps(parts, 'body')} x="12" y="4" width="40" height="42" rx="6" />
      {/* A cloud of molecules: what it smells. */}
      <circle cx="25" cy="30" r="4" fill={SYMBOL_FILL_LIGHT} />
      <circle cx="36" cy="26" r="5" fill={SYMBOL_FILL_LIGHT} />
      <circle cx="33" cy="37" r="3" fill={SYMBOL_FILL_LIGHT} />
      <circle {...partProps(parts, 'indicator', SYMBOL_FILL_DARK)} cx="42" cy="13" r="4" />
    </SymbolFrame>
  );
}

export const SENSORS = [
  defineSymbol('sensor_temperature', 'sensor', SIZE, ['body'], TemperatureSensor),
  defineSymbol('sensor_pressure', 'sensor', SIZE, ['body'], PressureSensor),
  defineSymbol('sensor_level', 'sensor', SIZE, ['body'], LevelSensor),
  defineSymbol('sensor_flow', 'sensor', SIZE, ['body'], FlowSensor),
  defineSymbol('gas_detector', 'sensor', SIZE, ['body', 'indicator'], GasDetector),
];
