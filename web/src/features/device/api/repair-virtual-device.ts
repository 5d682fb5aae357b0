// POST /yun/dev/fictitious/repair {id}: takes the bound device's firmware version (1.0 only).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { VirtualOut } from '../lib/monitor-types';
import { virtualKeys } from './list-virtual-devices';

export function repairVirtualDevice(id: number): Promise<VirtualOut> {
  return post<VirtualOut>('/yun/dev/fictitious/repair', { id });
}

export function useRepairVirtualDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repairVirtualDevice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualKeys.all });
    },
  });
}
