// GET /yun/userLog: a page of the user log, newest first (P72000 or P53000; scoped by the server).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { PageOf, UserLogOut, UserLogParams } from '../types';
import { infoKeys } from './keys';

export function listUserLog(params: UserLogParams): Promise<PageOf<UserLogOut>> {
  return get<PageOf<UserLogOut>>('/yun/userLog', { ...params });
}

export const userLogQueryOptions = (params: UserLogParams) =>
  queryOptions({
    queryKey: infoKeys.userLogList(params),
    queryFn: () => listUserLog(params),
    placeholderData: keepPreviousData,
  });

export function useUserLog(params: UserLogParams) {
  return useQuery(userLogQueryOptions(params));
}
