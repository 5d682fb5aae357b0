// POST /yun/dev/fictitious (create) and PUT /yun/dev/fictitious (update, with id).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post, put } from '@/lib/http';
import type { VirtualInput, VirtualOut } from '../lib/monitor-types';
import { virtualKeys } from './list-virtual-devices';

export function createVirtualDevice(input: VirtualInput): Promise<VirtualOut> {
  return post<VirtualOut>('/yun/dev/fictitious', input, { silent: true });
}

export function updateVirtualDevice(id: number, input: VirtualInput): Promise<VirtualOut> {
  return put<VirtualOut>('/yun/dev/fictitious', { id, ...input }, { silent: true });
}

export function useSaveVirtualDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: VirtualInput }) =>
      id === null ? createVirtualDevice(input) : updateVirtualDevice(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['state-info'] });
    },
  });
}
