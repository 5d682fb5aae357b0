// POST /yun/sector: a new business sector at the end (P101000): name ≤6 (unique), description ≤500, a gallery image,
// its dashboards in order (those its maker sees, 118001 otherwise) and the rotation interval.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sectorKeys } from '@/lib/dashboards/keys';
import type { Sector } from '@/lib/dashboards/types';
import { post } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type SectorInput = Schema<'SectorIn'>;

export function createSector(input: SectorInput): Promise<Sector> {
  return post<Sector>('/yun/sector', input, { silent: true });
}

export function useCreateSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSector,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sectorKeys.all });
    },
  });
}
