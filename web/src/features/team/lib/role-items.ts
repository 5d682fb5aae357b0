// A role's device and template permission items as the role form edits them: the server's catalogue
// (types/permissions.gen.ts, core/permissions.py), what a new role starts with, and a list as sent (known items only,
// the one always held added, each once, in the catalogue's order; the server checks again).
import { DEVICE_ITEMS, TEMPLATE_ITEMS } from '@/types/permissions.gen';
import { TEMPLATE_PERMISSION_ITEMS_MAX } from '@/types/limits.gen';

export interface RoleItemDef {
  readonly code: string;
  readonly zh: string;
  readonly en: string;
  readonly zh_hint: string;
  readonly en_hint: string;
}

export const ROLE_DEVICE_ITEMS: readonly RoleItemDef[] = DEVICE_ITEMS;
export const ROLE_TEMPLATE_ITEMS: readonly RoleItemDef[] = TEMPLATE_ITEMS;
/** A template a user holds can always be opened. */
export const TEMPLATE_ALWAYS = 'view';
export const ROLE_TEMPLATE_ITEMS_MAX = TEMPLATE_PERMISSION_ITEMS_MAX;

/** What a new role starts with: as the server's built-in user role, every item. */
export const NEW_ROLE_DEVICE_ITEMS: readonly string[] = ROLE_DEVICE_ITEMS.map((i) => i.code);
export const NEW_ROLE_TEMPLATE_ITEMS: readonly string[] = ROLE_TEMPLATE_ITEMS.map((i) => i.code);

export function normalizeRoleItems(
  catalogue: readonly RoleItemDef[],
  items: readonly string[] | null | undefined,
  always?: string,
): string[] {
  const held = new Set(items ?? []);
  if (always) held.add(always);
  return catalogue.filter((i) => held.has(i.code)).map((i) => i.code);
}
