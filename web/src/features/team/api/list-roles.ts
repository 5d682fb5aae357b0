// GET /yun/user/role: a page of roles with their user counts (P52000): the query options of the role pages.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { listRoles } from '@/lib/team/list-roles';
import type { RoleListParams } from '@/lib/team/types';
import { teamKeys } from './keys';

export type { RoleListParams };

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
