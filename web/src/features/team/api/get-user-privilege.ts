// GET /yun/userInfo/privilege/{id}: the user's role permissions and direct permissions.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PrivilegeOut } from '../types';
import { teamKeys } from './keys';

export function getUserPrivilege(id: number): Promise<PrivilegeOut> {
  return get<PrivilegeOut>(`/yun/userInfo/privilege/${id}`);
}

export const userPrivilegeQueryOptions = (id: number) =>
  queryOptions({ queryKey: teamKeys.privilege(id), queryFn: () => getUserPrivilege(id), staleTime: 0 });

export function useUserPrivilege(id: number | null) {
  return useQuery({ ...userPrivilegeQueryOptions(id ?? 0), enabled: id !== null });
}
