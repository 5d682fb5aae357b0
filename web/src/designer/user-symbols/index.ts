// The tenant symbol library (issue 30 point 11): its calls, the inline view the symbol element draws with, and the
// import dialog and part editor the symbols panel opens.
export { useUserSymbols } from './api/list-symbols';
export { tenantSymbolId, partName, TENANT_SYMBOL_PREFIX } from './types';
export type { UserSymbol, UserSymbolPart } from './types';
export { UserSymbolView, useSymbolSvg, SvgMarkup } from './user-symbol-view';
