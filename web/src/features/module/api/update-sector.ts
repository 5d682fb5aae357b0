// PUT /yun/sector {id, …}: a sector's fields, those sent (P101000).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sectorKeys } from '@/lib/dashboards/keys';
import type { Sector } from '@/lib/dashboards/types';
import { put } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type SectorUpdate = Schema<'SectorUpdateIn'>;

export function updateSector(input: SectorUpdate): Promise<Sector> {
  return put<Sector>('/yun/sector', input, { silent: true });
}

export function useUpdateSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSector,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sectorKeys.all });
    },
  });
}
