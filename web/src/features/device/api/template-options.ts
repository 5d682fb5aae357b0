// GET /yun/module?relation=all&page_size=PAGE_SIZE_MAX&q=: the templates a virtual device may bind (own and shared with the
// caller), for the virtual-device form's picker.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { PageOf } from '../lib/monitor-types';

export interface TemplateOption {
  id: number;
  name: string;
  published: boolean;
}

export function listTemplateOptions(q = ''): Promise<PageOf<TemplateOption>> {
  return get<PageOf<TemplateOption>>(
    '/yun/module',
    { relation: 'all', page: 1, page_size: PAGE_SIZE_MAX, sort: 'name', ...(q ? { q } : {}) },
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
