// A symbol part's name in the user's language (issue 30 point 7): a tank's "body" is 罐体, its "liquid" 液位, a
// pump's "body" 泵体. The name is looked up for the symbol's category first, then for any symbol; a part without
// a translation shows its id.
import type { TFunction } from 'i18next';

import type { SymbolDefinition } from './types';

export function partLabel(t: TFunction, symbol: Pick<SymbolDefinition, 'category'>, part: string): string {
  return t([`designer.symbolParts.${symbol.category}.${part}`, `designer.symbolParts.any.${part}`], {
    defaultValue: part,
  });
}
