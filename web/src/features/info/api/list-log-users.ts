// GET /yun/userInfo (P53000): the users offered by the log's user filter. Silent: without it the page simply
// has no user filter.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { LogUserOption, PageOf } from '../types';
import { infoKeys } from './keys';

export function listLogUsers(): Promise<PageOf<LogUserOption>> {
  return get<PageOf<LogUserOption>>(
    '/yun/userInfo',
    { page: 1, page_size: PAGE_SIZE_MAX, sort: 'user_name' },
    { silent: true },
  );
}

export const logUsersQueryOptions = () =>
  queryOptions({
    queryKey: infoKeys.logUsers(),
    queryFn: listLogUsers,
    retry: false,
  });

export function useLogUsers(enabled = true) {
  return useQuery({ ...logUsersQueryOptions(), enabled });
}
