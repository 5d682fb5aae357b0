// GET /yun/module/bind: the caller's devices with their binding and compatibility for one template.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { BindListParams, BindRow, PageOf } from '../types-library';
import { libraryKeys } from './library-keys';

export function listBindRows(params: BindListParams): Promise<PageOf<BindRow>> {
  return get<PageOf<BindRow>>('/yun/module/bind', { ...params });
}

export const bindListQueryOptions = (params: BindListParams) =>
  queryOptions({
    queryKey: libraryKeys.bindList(params),
    queryFn: () => listBindRows(params),
    placeholderData: keepPreviousData,
  });

export function useBindList(params: BindListParams | null) {
  return useQuery({
    ...bindListQueryOptions(params ?? { template_id: 0, page: 1, page_size: 20 }),
    enabled: params !== null,
  });
}
