// The library's bounds as the server states them (core/limits.py through limits.gen.ts).
export {
  SVG_MAX_BYTES,
  SVG_SIZE_TEXT,
  SYMBOL_CATEGORIES,
  SYMBOL_NAME_MAX,
  SYMBOL_PART_NAME_MAX,
  SYMBOL_PARTS_MAX,
  SYMBOLS_PER_TENANT_MAX,
} from '@/types/limits.gen';
