// GET /yun/sector/detail?id=: one sector with its dashboards in order (/detail); another tenant's id answers 100005.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { sectorKeys } from '@/lib/dashboards/keys';
import type { Sector } from '@/lib/dashboards/types';
import { get } from '@/lib/http';

export function getSector(id: number): Promise<Sector> {
  return get<Sector>('/yun/sector/detail', { id }, { silent: true });
}

export const sectorQueryOptions = (id: number) =>
  queryOptions({ queryKey: sectorKeys.detail(id), queryFn: () => getSector(id) });

export function useSector(id: number | null) {
  return useQuery({ ...sectorQueryOptions(id ?? 0), enabled: id !== null });
}
