// GET /yun/module/dataSource: a page of a template's data sources (by group sort, then sort), searched and filtered.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DataSourceListParams, DataSourceOut, PageOf } from '../types-data-source';
import { dataSourceKeys } from './data-source-keys';

function toQuery(params: DataSourceListParams): Record<string, string | number> {
  const out: Record<string, string | number> = {
    template_id: params.template_id,
    page: params.page,
    page_size: params.page_size,
  };
  const q = params.q?.trim();
  if (q) out.q = q;
  if (params.group_id !== undefined) out.group_id = params.group_id;
  if (params.data_type) out.data_type = params.data_type;
  return out;
}

export function listDataSources(params: DataSourceListParams): Promise<PageOf<DataSourceOut>> {
  return get<PageOf<DataSourceOut>>('/yun/module/dataSource', toQuery(params));
}

export const dataSourcesQueryOptions = (params: DataSourceListParams) =>
  queryOptions({
    queryKey: dataSourceKeys.list(params),
    queryFn: () => listDataSources(params),
    placeholderData: keepPreviousData,
  });

export function useDataSources(params: DataSourceListParams) {
  return useQuery(dataSourcesQueryOptions(params));
}
