// Every data source of a template, for the designer's bindings: the list's pages of PAGE_SIZE_MAX read one after the
// other until the total is in (a template holds a few hundred at most), as the property panel's options.
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { DataSourceOption } from '@/designer/elements/types';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { DataSourceOut } from '../types-data-source';
import { dataSourceKeys } from './data-source-keys';
import { listDataSources } from './data-source-list';

export async function listAllDataSources(templateId: number): Promise<DataSourceOut[]> {
  const all: DataSourceOut[] = [];
  for (let page = 1; ; page += 1) {
    const chunk = await listDataSources({ template_id: templateId, page, page_size: PAGE_SIZE_MAX });
    all.push(...chunk.items);
    if (chunk.items.length === 0 || all.length >= chunk.total) return all;
  }
}

/** A data source as the designer offers it: read-only sources take no control's write. */
export function toDataSourceOption(source: DataSourceOut): DataSourceOption {
  return {
    id: source.id,
    name: source.name,
    unit: source.unit,
    writable: source.rw === 'rw',
    decimals: source.decimals,
  };
}

export const allDataSourcesQueryOptions = (templateId: number) =>
  queryOptions({
    queryKey: [...dataSourceKeys.template(templateId), 'all'] as const,
    queryFn: async () => (await listAllDataSources(templateId)).map(toDataSourceOption),
    enabled: Number.isInteger(templateId) && templateId > 0,
  });

export function useAllDataSources(templateId: number) {
  return useQuery(allDataSourcesQueryOptions(templateId));
}
