// SPEC §3 user tag kinds and their antd Tag colours: 2 organisation (warning), 3 role (danger), 4 user (success).
import type { UserTagKind } from '../types';

const TAG_COLORS: Readonly<Record<UserTagKind, string>> = { 2: 'warning', 3: 'error', 4: 'success' };

export function tagColor(kind: number): string {
  return kind in TAG_COLORS ? TAG_COLORS[kind as UserTagKind] : 'default';
}

/** Built-in roles are stored by code and shown translated (common.role.<code>). */
export const BUILT_IN_ROLES: readonly string[] = ['administrator', 'administrator2', 'user'];

export function isBuiltInRole(code: string | null | undefined): code is string {
  return typeof code === 'string' && BUILT_IN_ROLES.includes(code);
}
