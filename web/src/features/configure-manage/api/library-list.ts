// GET /yun/module/library: templates the caller shared out (with receiver counts) or received (owner and items).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { LibraryItem, LibraryParams, PageOf } from '../types-library';
import { libraryKeys } from './library-keys';

export function listLibrary(params: LibraryParams): Promise<PageOf<LibraryItem>> {
  return get<PageOf<LibraryItem>>('/yun/module/library', { ...params });
}

export const libraryQueryOptions = (params: LibraryParams) =>
  queryOptions({
    queryKey: libraryKeys.libraryList(params),
    queryFn: () => listLibrary(params),
    placeholderData: keepPreviousData,
  });

export function useLibrary(params: LibraryParams) {
  return useQuery(libraryQueryOptions(params));
}
