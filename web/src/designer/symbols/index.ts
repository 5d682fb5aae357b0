// The symbol library, in palette order. A stored document names a symbol by its id.
import { pumpCentrifugal } from './pump-centrifugal';
import type { SymbolDefinition } from './types';

export type { SymbolCategory, SymbolDefinition, SymbolPartStyle, SymbolProps } from './types';

export const SYMBOLS: readonly SymbolDefinition[] = [pumpCentrifugal];

const byId = new Map(SYMBOLS.map((symbol) => [symbol.id, symbol]));

export function symbolById(id: string): SymbolDefinition | undefined {
  return byId.get(id);
}
