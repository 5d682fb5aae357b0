// The headers a 3D model's files are fetched with: the session's token, user and tenant, as lib/http sends them
// (GET /yun/resourcesInfo/model/file/{file_key}/{name} takes the caller's token; docs/api-resources.md). Without a
// token (a share link's page) none: such a page passes the headers its own calls use.
import { sessionStore } from '@/lib/session';

export function tokenHeaders(): Record<string, string> {
  const session = sessionStore.getState();
  if (!session.token) return {};
  const headers: Record<string, string> = { 'X-Token': session.token, 'X-User': session.userId };
  if (session.tenantId) headers['X-Tenant'] = session.tenantId;
  return headers;
}
