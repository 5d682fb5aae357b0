// GET /yun/userInfo: users of the tenant, for the distribution picker (the team feature owns the full list).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PageOf, TenantUser } from '../types';
import { deviceKeys } from './keys';

export function listTenantUsers(keyword: string): Promise<PageOf<TenantUser>> {
  return get<PageOf<TenantUser>>(
    '/yun/userInfo',
    { page: 1, page_size: 50, ...(keyword ? { keyword } : {}) },
    { silent: true },
  );
}

export const tenantUsersQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: deviceKeys.tenantUsers(keyword),
    queryFn: () => listTenantUsers(keyword),
    placeholderData: keepPreviousData,
  });

export function useTenantUsers(keyword: string, enabled = true) {
  return useQuery({ ...tenantUsersQueryOptions(keyword), enabled });
}
