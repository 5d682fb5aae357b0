// One way to declare a symbol, so its i18n key follows its id (`designer.symbols.<id>`).
import type { ReactElement } from 'react';

import type { SymbolCategory, SymbolDefinition, SymbolProps } from './types';

export function defineSymbol(
  id: string,
  category: SymbolCategory,
  size: { w: number; h: number },
  parts: readonly string[],
  Component: (props: SymbolProps) => ReactElement,
): SymbolDefinition {
  return { id, category, i18nKey: `designer.symbols.${id}`, defaultSize: size, parts, Component };
}
