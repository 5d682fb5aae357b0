// GET /yun/module: the caller's own and/or received templates (the binding picker and the tile-group screen).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { LibraryTemplate, PageOf, LibraryTemplateParams } from '../types-library';
import { libraryKeys } from './library-keys';

export function listLibraryTemplates(params: LibraryTemplateParams): Promise<PageOf<LibraryTemplate>> {
  return get<PageOf<LibraryTemplate>>('/yun/module', { ...params });
}

export const libraryTemplatesQueryOptions = (params: LibraryTemplateParams) =>
  queryOptions({
    queryKey: libraryKeys.templateList(params),
    queryFn: () => listLibraryTemplates(params),
    placeholderData: keepPreviousData,
  });

export function useLibraryTemplates(params: LibraryTemplateParams, enabled = true) {
  return useQuery({ ...libraryTemplatesQueryOptions(params), enabled });
}
