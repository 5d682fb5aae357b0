// GET /yun/userInfo: a page of users (P53000; a secondary administrator sees their group's users only).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { listUsers } from '@/lib/team/list-users';
import type { UserListParams } from '../types';
import { teamKeys } from './keys';

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: teamKeys.userList(params),
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams, enabled = true) {
  return useQuery({ ...usersQueryOptions(params), enabled });
}
