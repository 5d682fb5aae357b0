// POST /carousel {name, interval, rotate, device_ids} (create, with its devices and rotation in one request; rotate
// true without a device answers 202005) and PUT /carousel {id, name?, interval?, rotate?} (update; rotate true on a
// group without devices answers 202005).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post, put } from '@/lib/http';
import type { CarouselGroup, CarouselGroupCreate, CarouselGroupUpdate } from '../types';
import { carouselKeys } from './carousel-keys';

export function createCarouselGroup(input: CarouselGroupCreate): Promise<CarouselGroup> {
  return post<CarouselGroup>('/carousel', input, { silent: true });
}

export function updateCarouselGroup(id: number, input: CarouselGroupUpdate): Promise<CarouselGroup> {
  return put<CarouselGroup>('/carousel', { id, ...input }, { silent: true });
}

export type SaveCarouselGroup =
  { id: null; input: CarouselGroupCreate } | { id: number; input: CarouselGroupUpdate };

export function useSaveCarouselGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCarouselGroup) =>
      save.id === null ? createCarouselGroup(save.input) : updateCarouselGroup(save.id, save.input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: carouselKeys.groups() });
    },
  });
}
