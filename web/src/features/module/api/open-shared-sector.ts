// A sector link opened without logging in (/detail?token=; docs/api-sharing.md "Sector links"): GET
// /yun/shared/sector counts one use and answers the sector with its dashboards as the link's creator sees them, and
// the link's starting device and group; each dashboard then opens with GET /yun/shared/dashboard?token=&id= (no use
// counted), as the creator sees it now. The page shows every failure itself (silent).
import { useQuery } from '@tanstack/react-query';

import type { Dashboard } from '@/lib/dashboards/types';
import { get } from '@/lib/http';
import { SHARE_LINK_NO_ACCESS, shareEndCode } from '@/lib/share-links/share-codes';
import { OPENED_ONCE, sharedKeys } from '@/lib/share-links/shared';
import type { Schema } from '@/types/schema';

export type SharedSectorOut = Schema<'SharedSectorOut'>;

/** A shown dashboard read again when the rotation comes back to it after this long (the creator's view of it now). */
const DASHBOARD_FRESH_MS = 60_000;

export function openSharedSector(token: string): Promise<SharedSectorOut> {
  return get<SharedSectorOut>('/yun/shared/sector', { token }, { silent: true });
}

export function useSharedSector(token: string) {
  return useQuery({
    queryKey: [...sharedKeys.link(token), 'sector'] as const,
    queryFn: () => openSharedSector(token),
    enabled: token !== '',
    ...OPENED_ONCE,
  });
}

export async function openSharedSectorDashboard(token: string, id: number): Promise<Dashboard> {
  const opened = await get<Schema<'SharedDashboardOut'>>(
    '/yun/shared/dashboard',
    { token, id },
    { silent: true },
  );
  return opened.dashboard;
}

/** The code with which a dashboard's opening ends the link's page, or null: 118302 says the creator no longer sees
 * that one dashboard (the others still show; a creator locked out ends the link's socket at once anyway). */
export function sectorDashboardEndCode(error: unknown): number | null {
  const code = shareEndCode(error);
  return code === SHARE_LINK_NO_ACCESS ? null : code;
}

export const sharedSectorDashboardKey = (token: string, id: number) =>
  sharedKeys.dashboard(token, 'open', { id });

/** One of the sector's dashboards opened through the link; the link's own refusals end the page (`onEnded`). */
export function useSharedSectorDashboard(token: string, id: number, onEnded: (code: number) => void) {
  return useQuery({
    queryKey: sharedSectorDashboardKey(token, id),
    queryFn: async () => {
      try {
        return await openSharedSectorDashboard(token, id);
      } catch (error) {
        const code = sectorDashboardEndCode(error);
        if (code !== null) onEnded(code);
        throw error;
      }
    },
    retry: false,
    staleTime: DASHBOARD_FRESH_MS,
    refetchOnWindowFocus: false,
  });
}
