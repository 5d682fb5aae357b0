// GET /districtInfo?parent_code=: the children of an administrative division (empty code → provinces).
import { queryOptions } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DistrictNode } from '../types';
import { deviceKeys } from './keys';

export function listDistricts(parentCode = ''): Promise<DistrictNode[]> {
  return get<DistrictNode[]>('/districtInfo', { parent_code: parentCode });
}

/** The dataset is static: cache it for the session. */
export const districtsQueryOptions = (parentCode = '') =>
  queryOptions({
    queryKey: deviceKeys.districts(parentCode),
    queryFn: () => listDistricts(parentCode),
    staleTime: Infinity,
  });
