// DELETE /yun/dev/fictitious?id= (one) and DELETE /yun/batch/dev/fictitious {ids} (several).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del, delWithBody } from '@/lib/http';
import { virtualKeys } from './list-virtual-devices';

export function deleteVirtualDevice(id: number): Promise<null> {
  return del<null>('/yun/dev/fictitious', { id });
}

export function deleteVirtualDevices(ids: number[]): Promise<null> {
  return ids.length === 1
    ? deleteVirtualDevice(ids[0] ?? 0)
    : delWithBody<null>('/yun/batch/dev/fictitious', { ids });
}

export function useDeleteVirtualDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVirtualDevices,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['state-info'] });
    },
  });
}
