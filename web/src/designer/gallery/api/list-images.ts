// GET /yun/resourcesInfo: one page of a classification's images, or of a whole gallery, searched by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ImageListParams, ImagePage } from '../types';
import { galleryKeys } from './keys';

export function listImages(params: ImageListParams): Promise<ImagePage> {
  const query: Record<string, unknown> = { ...params };
  if (!params.name) delete query.name;
  return get<ImagePage>('/yun/resourcesInfo', query);
}

export const imagesQueryOptions = (params: ImageListParams) =>
  queryOptions({
    queryKey: galleryKeys.imageList(params),
    queryFn: () => listImages(params),
    placeholderData: keepPreviousData,
  });

export function useImages(params: ImageListParams) {
  return useQuery(imagesQueryOptions(params));
}
