// One way to declare a symbol, so its id, its i18n key and its size cannot drift apart.
import type { SymbolCategory, SymbolDefinition, SymbolProps } from './types';
import type { ReactElement } from 'react';

export function defineSymbol(
  id: string,
  category: SymbolCategory,
  size: { w: number; h: number },
  parts: readonly string[],
  Component: (props: SymbolProps) => ReactElement,
): SymbolDefinition {
  return { id, category, i18nKey: `designer.symbols.${id}`, defaultSize: size, parts, Component };
}
