// DELETE /yun/sector?id=: deletes a sector (P101000); its dashboards stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sectorKeys } from '@/lib/dashboards/keys';
import { del } from '@/lib/http';

export function deleteSector(id: number): Promise<null> {
  return del<null>('/yun/sector', { id });
}

export function useDeleteSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSector,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sectorKeys.all });
    },
  });
}
