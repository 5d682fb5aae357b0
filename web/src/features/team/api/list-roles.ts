// GET /yun/user/role: a page of roles with their user counts (P52000).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PageOf, RoleOut } from '../types';
import { teamKeys } from './keys';

export interface RoleListParams {
  page: number;
  page_size: number;
  keyword?: string;
}

export function listRoles(params: RoleListParams, silent = false): Promise<PageOf<RoleOut>> {
  return get<PageOf<RoleOut>>('/yun/user/role', { ...params }, { silent });
}

export const rolesQueryOptions = (params: RoleListParams) =>
  queryOptions({
    queryKey: teamKeys.roleList(params),
    queryFn: () => listRoles(params),
    placeholderData: keepPreviousData,
  });

/** Every role, for selects and filters (no toast: the page still works without them). */
export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.roleList({ page: 1, page_size: 200 }),
    queryFn: () => listRoles({ page: 1, page_size: 200 }, true),
  });

export function useRoles(params: RoleListParams) {
  return useQuery(rolesQueryOptions(params));
}

export function useRoleOptions(enabled = true) {
  return useQuery({ ...roleOptionsQueryOptions(), enabled });
}
