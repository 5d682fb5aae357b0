// PUT /yun/sector/reorder {ids}: the sectors in their new order (P101000); the list shows it at once and goes back to
// the server's on a refusal.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sectorKeys } from '@/lib/dashboards/keys';
import type { Sector } from '@/lib/dashboards/types';
import { put } from '@/lib/http';

export function reorderSectors(ids: number[]): Promise<Sector[]> {
  return put<Sector[]>('/yun/sector/reorder', { ids });
}

export function useReorderSectors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSectors,
    onMutate: async (ids) => {
      const queryKey = sectorKeys.list();
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Sector[]>(queryKey);
      if (before) {
        const byId = new Map(before.map((s) => [s.id, s]));
        queryClient.setQueryData(
          queryKey,
          ids.map((id) => byId.get(id)).filter((s): s is Sector => s !== undefined),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(sectorKeys.list(), context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sectorKeys.all });
    },
  });
}
