// The categories a tenant symbol may be filed under: the built-in library's, then "other".
import type { TFunction } from 'i18next';

import { SYMBOL_CATEGORIES } from './limits';
import type { UserSymbolCategory } from './types';

export function categoryLabel(t: TFunction, category: string): string {
  return category === 'other'
    ? t('designer.userSymbols.categoryOther')
    : t(`designer.symbolCategories.${category}`, { defaultValue: category });
}

export function categoryOptions(t: TFunction): { value: UserSymbolCategory; label: string }[] {
  return (SYMBOL_CATEGORIES as readonly UserSymbolCategory[]).map((value) => ({
    value,
    label: categoryLabel(t, value),
  }));
}
