// The tenant symbol library's payloads (docs/api-resources.md "Symbols"), aliased from the generated OpenAPI types.
import type { Schema } from '@/types/schema';

export type UserSymbol = Schema<'SymbolOut'>;
export type UserSymbolPage = Schema<'Page_SymbolOut_'>;
export type SymbolImportOut = Schema<'SymbolImportOut'>;
export type StrippedOut = Schema<'StrippedOut'>;
export type UserSymbolPart = Schema<'SymbolPart'>;
export type UserSymbolCategory = NonNullable<Schema<'SymbolUpdateIn'>['category']>;

/** The prefix of `settings.symbol` naming a tenant symbol by id (`tenant:42`); a built-in symbol's id has none. */
export const TENANT_SYMBOL_PREFIX = 'tenant:';

export function tenantSymbolId(symbol: string): number | null {
  if (!symbol.startsWith(TENANT_SYMBOL_PREFIX)) return null;
  const id = Number(symbol.slice(TENANT_SYMBOL_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A part's name in the reader's language, else in the other one. */
export function partName(part: UserSymbolPart, language: string): string {
  const en = language.startsWith('en');
  return (en ? part.en || part.zh : part.zh || part.en) || part.id;
}
