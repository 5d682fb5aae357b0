// GET /yun/userInfo: a page of users (P53000; a secondary administrator sees their group's users only).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PageOf, UserListParams, UserOut } from '../types';
import { teamKeys } from './keys';

export function listUsers(params: UserListParams): Promise<PageOf<UserOut>> {
  return get<PageOf<UserOut>>('/yun/userInfo', { ...params });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: teamKeys.userList(params),
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams, enabled = true) {
  return useQuery({ ...usersQueryOptions(params), enabled });
}
