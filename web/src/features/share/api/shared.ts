// A share link opened without logging in: a configuration (/yun/shared/module) or a dashboard
// (/yun/shared/dashboard). Opening counts one use; what the page reads afterwards (a device's screen, a card's data)
// is in lib/share-links/shared.ts and the dashboards' share source. The page shows every failure itself.
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { OPENED_ONCE, sharedKeys } from '@/lib/share-links/shared';
import type { Schema } from '@/types/schema';

export type SharedModuleOut = Schema<'SharedModuleOut'>;
export type SharedDeviceOut = Schema<'SharedDeviceOut'>;
export type SharedUserOut = Schema<'SharedUserOut'>;
export type SharedDashboardOut = Schema<'SharedDashboardOut'>;
export type { SharedDeviceScreenOut } from '@/lib/share-links/shared';

export function openSharedLink(token: string): Promise<SharedModuleOut> {
  return get<SharedModuleOut>('/yun/shared/module', { token }, { silent: true });
}

export function openSharedDashboard(token: string): Promise<SharedDashboardOut> {
  return get<SharedDashboardOut>('/yun/shared/dashboard', { token }, { silent: true });
}

export function useSharedLink(token: string) {
  return useQuery({
    queryKey: sharedKeys.link(token),
    queryFn: () => openSharedLink(token),
    enabled: token !== '',
    ...OPENED_ONCE,
  });
}

export function useSharedDashboard(token: string) {
  return useQuery({
    queryKey: [...sharedKeys.link(token), 'dashboard'] as const,
    queryFn: () => openSharedDashboard(token),
    enabled: token !== '',
    ...OPENED_ONCE,
  });
}
