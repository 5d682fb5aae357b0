// GET /yun/module: a page of the caller's templates (own, received or both), searchable, filterable, sortable.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { toQueryParams } from '../lib/params';
import type { PageOf, TemplateListParams, TemplateOut } from '../types';
import { templateKeys } from './keys';

export function listTemplates(params: TemplateListParams): Promise<PageOf<TemplateOut>> {
  return get<PageOf<TemplateOut>>('/yun/module', toQueryParams(params));
}

export const templatesQueryOptions = (params: TemplateListParams) =>
  queryOptions({
    queryKey: templateKeys.list(params),
    queryFn: () => listTemplates(params),
    placeholderData: keepPreviousData,
  });

export function useTemplates(params: TemplateListParams) {
  return useQuery(templatesQueryOptions(params));
}
