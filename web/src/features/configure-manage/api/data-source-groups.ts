// GET /yun/module/dataSource/group?template_id=: the template's data source groups with their counts.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { DataSourceGroupOut, PageOf } from '../types-data-source';
import { dataSourceKeys } from './data-source-keys';

export async function listDataSourceGroups(templateId: number): Promise<DataSourceGroupOut[]> {
  const data = await get<DataSourceGroupOut[] | PageOf<DataSourceGroupOut>>('/yun/module/dataSource/group', {
    template_id: templateId,
  });
  return Array.isArray(data) ? data : data.items;
}

export const dataSourceGroupsQueryOptions = (templateId: number) =>
  queryOptions({
    queryKey: dataSourceKeys.groups(templateId),
    queryFn: () => listDataSourceGroups(templateId),
  });

export function useDataSourceGroups(templateId: number) {
  return useQuery(dataSourceGroupsQueryOptions(templateId));
}
