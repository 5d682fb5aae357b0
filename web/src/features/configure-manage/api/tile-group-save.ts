// POST /yun/module/group {name} (create) and PUT {id, name} (rename); names 1–32, unique per user (115306).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post, put } from '@/lib/http';
import type { TileGroup } from '../types-library';
import { TEMPLATES_ROOT } from './library-keys';

export function createTileGroup(name: string): Promise<TileGroup> {
  return post<TileGroup>('/yun/module/group', { name }, { silent: true });
}

export function renameTileGroup(id: number, name: string): Promise<TileGroup> {
  return put<TileGroup>('/yun/module/group', { id, name }, { silent: true });
}

export function useSaveTileGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null ? createTileGroup(name) : renameTileGroup(id, name),
    // A rename shows in the templates' group_name too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_ROOT }),
  });
}
