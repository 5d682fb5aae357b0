// DELETE /yun/module/group?id=: removes an empty tile group (115309 while it holds templates).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { libraryKeys } from './library-keys';

export function deleteTileGroup(id: number): Promise<unknown> {
  return del<unknown>('/yun/module/group', { id }, { silent: true });
}

export function useDeleteTileGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTileGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.tileGroups() }),
  });
}
