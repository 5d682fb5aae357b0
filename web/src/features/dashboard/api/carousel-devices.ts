// GET /carousel/dev?id=: a group's devices in rotation order (only those the caller still reads), each with its
// template id and whether that template has a main web screen to show.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { CarouselDevice } from '../types';
import { carouselKeys } from './carousel-keys';

export function listCarouselDevices(groupId: number): Promise<CarouselDevice[]> {
  return get<CarouselDevice[]>('/carousel/dev', { id: groupId });
}

export const carouselDevicesQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: carouselKeys.devices(groupId), queryFn: () => listCarouselDevices(groupId) });

export function useCarouselDevices(groupId: number | null) {
  return useQuery({ ...carouselDevicesQueryOptions(groupId ?? 0), enabled: groupId !== null });
}
