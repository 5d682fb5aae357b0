// GET /yun/module?relation=all&page_size=200&q=: the templates a virtual device may bind (own and shared with the
// caller), for the virtual-device form's picker.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '../../../lib/http';
import type { PageOf } from '../lib/monitor-types';

export const TEMPLATE_OPTIONS_PAGE = 200;

export interface TemplateOption {
  id: number;
  name: string;
  published: boolean;
}

export function listTemplateOptions(q = ''): Promise<PageOf<TemplateOption>> {
  return get<PageOf<TemplateOption>>(
    '/yun/module',
    { relation: 'all', page: 1, page_size: TEMPLATE_OPTIONS_PAGE, sort: 'name', ...(q ? { q } : {}) },
    { silent: true },
  );
}

export const templateOptionsQueryOptions = (q = '') =>
  queryOptions({
    queryKey: ['virtual-template-options', q] as const,
    queryFn: () => listTemplateOptions(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useTemplateOptions(q = '', enabled = true) {
  return useQuery({ ...templateOptionsQueryOptions(q), enabled });
}
