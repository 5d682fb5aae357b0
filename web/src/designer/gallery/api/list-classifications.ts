// GET /yun/resourcesClassify: the system classifications, then the caller's own, with their image counts.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ClassifyOut } from '../types';
import { galleryKeys } from './keys';

export function listClassifications(): Promise<ClassifyOut[]> {
  return get<ClassifyOut[]>('/yun/resourcesClassify');
}

export const classificationsQueryOptions = () =>
  queryOptions({ queryKey: galleryKeys.classifications(), queryFn: listClassifications });

export function useClassifications() {
  return useQuery(classificationsQueryOptions());
}
