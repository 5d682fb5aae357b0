// POST /carousel {name, interval?} (create, never rotating: it holds no device yet) and
// PUT /carousel {id, name?, interval?, rotate?} (update; rotate true on a group without devices answers 202005).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post, put } from '@/lib/http';
import type { CarouselGroup, CarouselGroupUpdate } from '../types';
import { carouselKeys } from './carousel-keys';

export function createCarouselGroup(input: { name: string; interval?: number }): Promise<CarouselGroup> {
  return post<CarouselGroup>('/carousel', input, { silent: true });
}

export function updateCarouselGroup(id: number, input: CarouselGroupUpdate): Promise<CarouselGroup> {
  return put<CarouselGroup>('/carousel', { id, ...input }, { silent: true });
}

export function useSaveCarouselGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CarouselGroupUpdate }) =>
      id === null
        ? createCarouselGroup({
            name: input.name ?? '',
            ...(input.interval == null ? {} : { interval: input.interval }),
          })
        : updateCarouselGroup(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: carouselKeys.groups() });
    },
  });
}
