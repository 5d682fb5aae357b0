// GET /userPrivileges: the permission tree as a flat list [{code, parent, zh, en, route}] (P00000).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PermissionNode } from '../types';
import { teamKeys } from './keys';

export function getPermissionTree(): Promise<PermissionNode[]> {
  return get<PermissionNode[]>('/userPrivileges');
}

export const permissionTreeQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.permissionTree(), queryFn: getPermissionTree, staleTime: 5 * 60_000 });

export function usePermissionTree() {
  return useQuery(permissionTreeQueryOptions());
}
