// GET /carousel: the caller's carousel groups in order (device count, interval, rotation flag).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { CarouselGroup } from '../types';
import { carouselKeys } from './carousel-keys';

export function listCarouselGroups(): Promise<CarouselGroup[]> {
  return get<CarouselGroup[]>('/carousel');
}

export const carouselGroupsQueryOptions = () =>
  queryOptions({ queryKey: carouselKeys.groups(), queryFn: listCarouselGroups });

export function useCarouselGroups() {
  return useQuery(carouselGroupsQueryOptions());
}
