// GET /yun/resourcesInfo/model: one page of the caller's 3D models, of one classification or all, searched by name.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ModelListParams, ModelPage } from '../types';
import { galleryKeys } from './keys';

export function listModels(params: ModelListParams): Promise<ModelPage> {
  const query: Record<string, unknown> = { ...params };
  if (!params.name) delete query.name;
  return get<ModelPage>('/yun/resourcesInfo/model', query);
}

export function useModels(params: ModelListParams) {
  return useQuery({
    queryKey: galleryKeys.modelList(params),
    queryFn: () => listModels(params),
    placeholderData: keepPreviousData,
  });
}
