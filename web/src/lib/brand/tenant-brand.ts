// The signed-in tenant's brand (GET /yun/individuation): read with the console, kept by TanStack Query, applied at
// once (lib/brand/brand.ts), and read again when someone saves it (the live socket's `brand` frame, any tab, any
// user of the tenant), when the socket reconnects, and when the window regains focus after a while (a console
// without a live socket: its user holds none of the live rights).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { get } from '../http';
import { useSession } from '../session';
import { useBrandPush } from '../ws';
import { setTenantBrand, viewOfTenant, type BrandOut } from './brand';

export const BRAND_QUERY_KEY = ['brand'] as const;
/** How long a read brand counts as fresh: a window regaining focus reads it again after this. */
const BRAND_STALE_MS = 60_000;

/** The brand of the signed-in tenant (its id in the key: a tab signed in again as another tenant's user never shows
 * the brand read before). */
export function brandQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...BRAND_QUERY_KEY, tenantId],
    queryFn: () => get<BrandOut>('/yun/individuation', undefined, { silent: true }),
    staleTime: BRAND_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/** The tenant's brand as the settings page reads it. */
export function useTenantBrandQuery() {
  return useQuery(brandQueryOptions(useSession((s) => s.tenantId)));
}

/** Keeps the tenant's brand in force while the signed-in console is mounted. */
export function useTenantBrand(enabled: boolean): void {
  const client = useQueryClient();
  const tenantId = useSession((s) => s.tenantId);
  const { data } = useQuery({ ...brandQueryOptions(tenantId), enabled });
  useEffect(() => {
    if (enabled && data) setTenantBrand(viewOfTenant(data));
  }, [enabled, data]);
  useBrandPush(() => {
    if (enabled) void client.invalidateQueries({ queryKey: BRAND_QUERY_KEY });
  });
}
