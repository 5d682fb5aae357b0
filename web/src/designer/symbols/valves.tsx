// Valves: the two-triangle body of a P&ID valve, centred low so every operator (handwheel, lever, actuator,
// solenoid, spring) fits above it in the same square.
import { defineSymbol } from './define';
import { SymbolFrame } from './frame';
import { partProps, SYMBOL_FILL_DARK, SYMBOL_FILL_LIGHT, SYMBOL_STROKE } from './style';
import type { SymbolProps } from './types';

type Parts = SymbolProps['parts'];

const SIZE = { w: 64, h: 64 };
const BOWTIE = 'M6 28l26 14L6 56zM58 28L32 42l26 14z';

function Body({ parts }: { parts: Parts }) {
  return <path {...partProps(parts, 'body')} d={BOWTIE} />;
}

/** The stem from the body to the operator: fixed grey, the operator above it carries the state. */
function Stem({ top }: { top: number }) {
  return <rect x="30" y={top} width="4" height={42 - top} fill={SYMBOL_FILL_DARK} />;
}

function Handwheel({ style }: { style: ReturnType<typeof partProps> }) {
  return <rect {...style} x="16" y="8" width="32" height="7" rx="3.5" />;
}

function GateValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Stem top={15} />
      <Body parts={parts} />
      <Handwheel style={partProps(parts, 'handwheel')} />
    </SymbolFrame>
  );
}

function GlobeValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Stem top={15} />
      <Body parts={parts} />
      <circle {...partProps(parts, 'disc', SYMBOL_FILL_DARK)} cx="32" cy="42" r="6" />
      <Handwheel style={partProps(parts, 'handwheel')} />
    </SymbolFrame>
  );
}

function BallValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Stem top={20} />
      <Body parts={parts} />
      <circle {...partProps(parts, 'ball', SYMBOL_FILL_LIGHT)} cx="32" cy="42" r="9" />
      <rect {...partProps(parts, 'lever')} x="28" y="14" width="30" height="6" rx="3" />
    </SymbolFrame>
  );
}

function ButterflyValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Stem top={20} />
      <g {...partProps(parts, 'body')}>
        <rect x="4" y="34" width="56" height="16" />
        <rect x="14" y="26" width="7" height="32" rx="1" />
        <rect x="43" y="26" width="7" height="32" rx="1" />
      </g>
      <ellipse
        {...partProps(parts, 'disc', SYMBOL_FILL_DARK)}
        cx="32"
        cy="42"
        rx="4"
        ry="13"
        transform="rotate(35 32 42)"
      />
      <rect {...partProps(parts, 'lever')} x="28" y="14" width="30" height="6" rx="3" />
    </SymbolFrame>
  );
}

function CheckValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      {/* The direction it lets through. */}
      <path d="M12 16h34" fill="none" />
      <path d="M44 10l10 6-10 6z" fill={SYMBOL_STROKE} />
      <path {...partProps(parts, 'body')} d="M6 28l26 14L6 56z" />
      <path {...partProps(parts, 'flap', SYMBOL_FILL_DARK)} d="M58 28L32 42l26 14z" />
    </SymbolFrame>
  );
}

function ControlValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Stem top={22} />
      <Body parts={parts} />
      <path {...partProps(parts, 'actuator')} d="M12 22a20 16 0 0 1 40 0z" />
    </SymbolFrame>
  );
}

function SolenoidValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <Stem top={26} />
      <Body parts={parts} />
      <g {...partProps(parts, 'coil')}>
        <rect x="18" y="4" width="28" height="22" rx="2" />
        {/* Its windings. */}
        <path d="M24 10h16M24 15h16M24 20h16" fill="none" />
      </g>
    </SymbolFrame>
  );
}

function ThreeWayValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      <rect x="30" y="15" width="4" height="22" fill={SYMBOL_FILL_DARK} />
      <path {...partProps(parts, 'body')} d="M4 24l28 13L4 50zM60 24L32 37l28 13zM19 62l13-25 13 25z" />
      <Handwheel style={partProps(parts, 'handwheel')} />
    </SymbolFrame>
  );
}

function ReliefValve({ parts, title }: SymbolProps) {
  return (
    <SymbolFrame width={64} height={64} title={title}>
      {/* Angle body: in from below, out to the side; the spring above sets the opening pressure. */}
      <path {...partProps(parts, 'body')} d="M18 62l14-22 14 22zM60 28L32 40l28 12z" />
      <path d="M32 40v-6l-9-3 18-5-18-5 18-5-9-3V6" fill="none" />
      <rect {...partProps(parts, 'cap')} x="22" y="2" width="20" height="6" rx="2" />
    </SymbolFrame>
  );
}

export const VALVES = [
  defineSymbol('valve_gate', 'valve', SIZE, ['body', 'handwheel'], GateValve),
  defineSymbol('valve_globe', 'valve', SIZE, ['body', 'disc', 'handwheel'], GlobeValve),
  defineSymbol('valve_ball', 'valve', SIZE, ['body', 'ball', 'lever'], BallValve),
  defineSymbol('valve_butterfly', 'valve', SIZE, ['body', 'disc', 'lever'], ButterflyValve),
  defineSymbol('valve_check', 'valve', SIZE, ['body', 'flap'], CheckValve),
  defineSymbol('valve_control', 'valve', SIZE, ['body', 'actuator'], ControlValve),
  defineSymbol('valve_solenoid', 'valve', SIZE, ['body', 'coil'], SolenoidValve),
  defineSymbol('valve_three_way', 'valve', SIZE, ['body', 'handwheel'], ThreeWayValve),
  defineSymbol('valve_relief', 'valve', SIZE, ['body', 'cap'], ReliefValve),
];
