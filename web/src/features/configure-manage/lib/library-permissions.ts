// Template permission items (SPEC §3): the order they show in, what a receiver always holds, and the rules a share
// form checks before sending (the server checks them again).
import { TEMPLATE_PERMISSION_ITEMS, TEMPLATE_PERMISSION_ITEMS_MAX } from '@/types/limits.gen';
import type { LibraryTemplate, PermissionItem } from '../types-library';

export const PERMISSION_ITEMS = TEMPLATE_PERMISSION_ITEMS as readonly PermissionItem[];
export const PERMISSION_ITEMS_MAX = TEMPLATE_PERMISSION_ITEMS_MAX;
/** A receiver always holds `view`. */
export const ALWAYS_HELD: PermissionItem = 'view';
/** What a new share offers checked: viewing and copying. */
export const DEFAULT_SHARE_ITEMS: readonly PermissionItem[] = ['view', 'copy'];

export function isPermissionItem(value: string): value is PermissionItem {
  return (PERMISSION_ITEMS as readonly string[]).includes(value);
}

/** Known items only, `view` added, each once, in the catalogue's order. */
export function normalizeItems(items: readonly string[]): PermissionItem[] {
  const held = new Set<string>(items);
  held.add(ALWAYS_HELD);
  return PERMISSION_ITEMS.filter((item) => held.has(item));
}

export function holds(template: Pick<LibraryTemplate, 'permissions'>, item: PermissionItem): boolean {
  return template.permissions.includes(item);
}

/** Templates the caller may bind devices to: their own, and received ones carrying `bind`. */
export function bindableTemplates<T extends Pick<LibraryTemplate, 'relation' | 'permissions'>>(
  templates: readonly T[],
): T[] {
  return templates.filter((t) => t.relation === 'owner' || t.permissions.includes('bind'));
}

export type ShareProblem = 'required' | 'self' | 'quota' | 'items';

/** Accounts as typed: trimmed, empty ones dropped, each once (case-insensitively). */
export function cleanAccounts(accounts: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of accounts) {
    const account = raw.trim();
    const key = account.toLowerCase();
    if (account && !seen.has(key)) {
      seen.add(key);
      out.push(account);
    }
  }
  return out;
}

/**
 * The first problem of a share before it is sent: no account, sharing with oneself, more new receivers than the
 * quota leaves (accounts already receiving only get their items updated), too many items.
 */
export function checkShare(
  accounts: readonly string[],
  items: readonly string[],
  ctx: { self: readonly string[]; existing: readonly string[]; remaining: number | null },
): { problem: ShareProblem; account?: string } | null {
  const list = cleanAccounts(accounts);
  if (list.length === 0) return { problem: 'required' };
  const self = new Set(ctx.self.filter(Boolean).map((s) => s.toLowerCase()));
  const mine = list.find((a) => self.has(a.toLowerCase()));
  if (mine) return { problem: 'self', account: mine };
  const existing = new Set(ctx.existing.map((s) => s.toLowerCase()));
  const fresh = list.filter((a) => !existing.has(a.toLowerCase()));
  if (ctx.remaining !== null && fresh.length > ctx.remaining) return { problem: 'quota' };
  if (normalizeItems(items).length > PERMISSION_ITEMS_MAX) return { problem: 'items' };
  return null;
}
