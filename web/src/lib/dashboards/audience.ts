// GET /yun/dashboard/audience?kind=&keyword=: whom a partially visible dashboard may be shown to (the tenant's users,
// roles or user groups, id and name, at most 50 matching the keyword), for a dashboard's editor without team rights
// (P21200 or P101200 is enough). The dashboard settings dialog's audience pickers ask it.
import type { Schema } from '@/types/schema';
import { get } from '../http';
import { dashboardKeys } from './keys';

export type AudienceKind = 'user' | 'role' | 'user_group';
export type AudienceOption = Schema<'AudienceOptionOut'>;

/** The server's keyword limit. */
export const AUDIENCE_KEYWORD_MAX = 32;

export const audienceKey = (kind: AudienceKind, keyword: string) =>
  [...dashboardKeys.all, 'audience', kind, keyword] as const;

/** No toast: the picker shows its empty list. */
export function listAudience(kind: AudienceKind, keyword: string): Promise<AudienceOption[]> {
  const q = keyword.trim().slice(0, AUDIENCE_KEYWORD_MAX);
  return get<AudienceOption[]>(
    '/yun/dashboard/audience',
    { kind, ...(q ? { keyword: q } : {}) },
    { silent: true },
  );
}
