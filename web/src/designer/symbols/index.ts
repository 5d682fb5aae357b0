// The symbol library, in palette order. A stored document names a symbol by its id.
import { CONVEYORS } from './conveyors';
import { ELECTRICAL } from './electrical';
import { HEAT } from './heat';
import { MACHINES } from './machines';
import { METERS } from './meters';
import { PIPES } from './pipes';
import { PUMPS } from './pumps';
import { SENSORS } from './sensors';
import { TANKS } from './tanks';
import type { SymbolDefinition } from './types';
import { VALVES } from './valves';

export type { SymbolCategory, SymbolDefinition, SymbolPartStyle, SymbolProps } from './types';

/** By category in the order of `SymbolCategory`, so the palette groups them without sorting. */
export const SYMBOLS: readonly SymbolDefinition[] = [
  ...PUMPS,
  ...VALVES,
  ...TANKS,
  ...PIPES,
  ...MACHINES,
  ...HEAT,
  ...METERS,
  ...CONVEYORS,
  ...ELECTRICAL,
  ...SENSORS,
];

const byId = new Map(SYMBOLS.map((symbol) => [symbol.id, symbol]));

export function symbolById(id: string): SymbolDefinition | undefined {
  return byId.get(id);
}
