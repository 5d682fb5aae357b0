// Tanks and vessels: storage tanks, a silo, an open basin, a pressure vessel, and the vessels that separate (filter,
// cyclone). Their contents are a part of their own, dark grey at rest, so a state can colour the level alone.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT } from './style';
import type { SymbolProps } from './types';

const TALL = { w: 64, h: 96 };
const WIDE = { w: 96, h: 64 };

function VerticalTank({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <rect x="12" y="82" width="6" height="12" fill={SYMBOL_FILL_DARK} />
      <rect x="46" y="82" width="6" height="12" fill={SYMBOL_FILL_DARK} />
      <path {...partProps(parts, 'body')} d="M8 20q0-14 24-14t24 14v64H8z" />
      <rect {...partProps(parts, 'liquid', SYMBOL_FILL_DARK)} x="9" y="48" width="46" height="35" />
    </SymbolFrame>
  );
}

function HorizontalTank({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={96} height={64} title={title}>
      <path d="M22 46l-4 14h18l-4-14zM64 46l-4 14h18l-4-14z" fill={SYMBOL_FILL_DARK} />
      <rect {...partProps(parts, 'body')} x="6" y="8" width="84" height="42" rx="21" />
      {/* The level follows the rounded heads: y 34 meets their inner circles (r 20 about x 27 and 69, y 29) 19.4
          to either side. */}
      <path
        {...partProps(parts, 'liquid', SYMBOL_FILL_DARK)}
        d="M7.6 34h80.8A20 20 0 0 1 69 49H27A20 20 0 0 1 7.6 34z"
      />
    </SymbolFrame>
  );
}

function Silo({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <rect x="6" y="54" width="5" height="40" fill={SYMBOL_FILL_DARK} />
      <rect x="53" y="54" width="5" height="40" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="26" y="76" width="12" height="10" />
        <path d="M8 14l24-10 24 10v42L38 78H26L8 56z" />
      </g>
      <path {...partProps(parts, 'material', SYMBOL_FILL_DARK)} d="M9 36l23-8 23 8v20L38 77H26L9 56z" />
    </SymbolFrame>
  );
}

function OpenBasin({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={96} height={64} title={title}>
      <rect x="12" y="14" width="72" height="40" fill={SYMBOL_FILL_LIGHT} stroke="none" />
      <rect {...partProps(parts, 'liquid', SYMBOL_FILL_DARK)} x="12" y="28" width="72" height="26" />
      <path {...partProps(parts, 'body')} d="M4 12h8v42h72V12h8v46H4z" />
    </SymbolFrame>
  );
}

function PressureVessel({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <path d="M16 82l-4 12h40l-4-12z" fill={SYMBOL_FILL_DARK} />
      <g {...partProps(parts, 'body')}>
        <rect x="27" y="2" width="10" height="10" />
        <rect x="50" y="60" width="12" height="8" />
        <path d="M8 24a24 14 0 0 1 48 0v48a24 14 0 0 1-48 0z" />
        {/* Weld seams of the heads. */}
        <path d="M8 24h48M8 72h48" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function Filter({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <g {...partProps(parts, 'body')}>
        <rect x="2" y="12" width="14" height="10" />
        <rect x="48" y="42" width="14" height="10" />
        <rect x="14" y="4" width="36" height="56" rx="6" />
      </g>
      <g {...partProps(parts, 'element', SYMBOL_FILL_LIGHT)}>
        <rect x="21" y="14" width="22" height="36" />
        {/* Its pleats. */}
        <path d="M26.5 14v36M32 14v36M37.5 14v36" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function Cyclone({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={96} title={title}>
      <g {...partProps(parts, 'body')}>
        <rect x="26" y="2" width="12" height="14" />
        <rect x="2" y="18" width="14" height="10" />
        <rect x="28" y="78" width="8" height="14" />
        <path d="M12 14h40v26L36 80h-8L12 40z" />
        {/* The vortex that throws the dust to the wall. */}
        <path d="M18 24l28 6-26 8 24 8-22 8 20 6-16 8 10 4" fill="none" />
      </g>
    </SymbolFrame>
  );
}

export const TANKS = [
  defineSymbol('tank_vertical', 'tank', TALL, ['body', 'liquid'], VerticalTank),
  defineSymbol('tank_horizontal', 'tank', WIDE, ['body', 'liquid'], HorizontalTank),
  defineSymbol('silo', 'tank', TALL, ['body', 'material'], Silo),
  defineSymbol('basin_open', 'tank', WIDE, ['body', 'liquid'], OpenBasin),
  defineSymbol('vessel_pressure', 'tank', TALL, ['body'], PressureVessel),
  defineSymbol('filter', 'tank', { w: 64, h: 64 }, ['body', 'element'], Filter),
  defineSymbol('cyclone', 'tank', TALL, ['body'], Cyclone),
];
