// GET /yun/sector: the tenant's business sectors in order, each with its dashboards (those the caller may not see
// only by id, `available` false). Every signed-in user reads them (/business); /module/business manages them.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { sectorKeys } from '@/lib/dashboards/keys';
import type { Sector } from '@/lib/dashboards/types';
import { get } from '@/lib/http';

export function listSectors(): Promise<Sector[]> {
  return get<Sector[]>('/yun/sector', undefined, { silent: true });
}

export const sectorsQueryOptions = () => queryOptions({ queryKey: sectorKeys.list(), queryFn: listSectors });

export function useSectors() {
  return useQuery(sectorsQueryOptions());
}
