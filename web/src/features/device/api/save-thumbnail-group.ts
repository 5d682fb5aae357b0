// POST /yun/dev/dashboard {name, notes} (create) and PUT {id, name?, notes?, device_ids?} (update, order kept).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post, put } from '@/lib/http';
import type { ThumbnailGroup } from '../lib/monitor-types';
import { thumbnailKeys } from './thumbnail-groups';

export interface ThumbnailGroupInput {
  name?: string;
  notes?: string;
  device_ids?: number[];
}

export function createThumbnailGroup(input: { name: string; notes?: string }): Promise<ThumbnailGroup> {
  return post<ThumbnailGroup>('/yun/dev/dashboard', input, { silent: true });
}

export function updateThumbnailGroup(id: number, input: ThumbnailGroupInput): Promise<ThumbnailGroup> {
  return put<ThumbnailGroup>('/yun/dev/dashboard', { id, ...input }, { silent: true });
}

export function useSaveThumbnailGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ThumbnailGroupInput }) =>
      id === null
        ? createThumbnailGroup({ name: input.name ?? '', notes: input.notes ?? '' })
        : updateThumbnailGroup(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: thumbnailKeys.all });
    },
  });
}
