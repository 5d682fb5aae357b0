// GET /yun/dashboard/audience?kind=&keyword= (or &ids=): whom a partially visible dashboard may be shown to (the
// tenant's users, roles or user groups, id and name, at most 50 matching the keyword, or those of the ids asked for),
// for a dashboard's editor without team rights (P21200 or P101200 is enough). The dashboard settings dialog's
// audience pickers ask it: by keyword for their options, by ids for a chosen one beyond the first 50.
import type { Schema } from '@/types/schema';
import { get } from '../http';
import { dashboardKeys } from './keys';

export type AudienceKind = 'user' | 'role' | 'user_group';
export type AudienceOption = Schema<'AudienceOptionOut'>;

/** The server's keyword limit. */
export const AUDIENCE_KEYWORD_MAX = 32;
/** The most options one look-up answers, and the most ids it names. */
export const AUDIENCE_OPTIONS_MAX = 50;

export const audienceKey = (kind: AudienceKind, keyword: string) =>
  [...dashboardKeys.all, 'audience', kind, keyword] as const;

export const audienceNamesKey = (kind: AudienceKind, ids: readonly number[]) =>
  [...dashboardKeys.all, 'audience-names', kind, ...ids] as const;

/** No toast: the picker shows its empty list. */
export function listAudience(kind: AudienceKind, keyword: string): Promise<AudienceOption[]> {
  const q = keyword.trim().slice(0, AUDIENCE_KEYWORD_MAX);
  return get<AudienceOption[]>(
    '/yun/dashboard/audience',
    { kind, ...(q ? { keyword: q } : {}) },
    { silent: true },
  );
}

/** The users, roles or user groups of `ids` with their names (those no longer of the tenant left out), asked 50 at a
 * time. No toast: an entry not found keeps its id. */
export async function audienceNames(kind: AudienceKind, ids: readonly number[]): Promise<AudienceOption[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += AUDIENCE_OPTIONS_MAX)
    chunks.push(ids.slice(i, i + AUDIENCE_OPTIONS_MAX));
  const found = await Promise.all(
    chunks.map((chunk) =>
      get<AudienceOption[]>('/yun/dashboard/audience', { kind, ids: chunk.join(',') }, { silent: true }),
    ),
  );
  return found.flat();
}
