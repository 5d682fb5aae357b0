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
import type { SymbolCategory, SymbolDefinition } from './types';
import { VALVES } from './valves';

export type { SymbolCategory, SymbolDefinition, SymbolPartStyle, SymbolProps } from './types';

/** Its argument, when it names every SymbolCategory: a category added to the type and not to the palette fails to
 * compile here, naming what is missing. */
function everyCategory<const T extends readonly SymbolCategory[]>(
  categories: T &
    ([Exclude<SymbolCategory, T[number]>] extends [never]
      ? unknown
      : { missing: Exclude<SymbolCategory, T[number]> }),
): T {
  return categories;
}

/** The palette's categories, in its order. */
export const SYMBOL_CATEGORIES = everyCategory([
  'pump',
  'valve',
  'tank',
  'pipe',
  'motor',
  'fan',
  'compressor',
  'exchanger',
  'meter',
  'conveyor',
  'electrical',
  'sensor',
]);

/** By category in the order of SYMBOL_CATEGORIES, so the palette groups them without sorting. */
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
