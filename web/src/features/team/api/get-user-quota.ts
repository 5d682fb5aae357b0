// GET /yun/userInfo/{id}/quota: the user's quotas (null = the platform's value), the platform's and those in force.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { QuotaOut } from '../types';
import { teamKeys } from './keys';

export function getUserQuota(id: number): Promise<QuotaOut> {
  return get<QuotaOut>(`/yun/userInfo/${id}/quota`);
}

export const userQuotaQueryOptions = (id: number) =>
  queryOptions({ queryKey: teamKeys.quota(id), queryFn: () => getUserQuota(id), staleTime: 0 });

export function useUserQuota(id: number | null) {
  return useQuery({ ...userQuotaQueryOptions(id ?? 0), enabled: id !== null });
}
