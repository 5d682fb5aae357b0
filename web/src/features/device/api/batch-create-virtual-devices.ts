// POST /yun/batch/dev/fictitious {device_ids, group_id?, version?}: one 1.0 virtual device per real device.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { VirtualOut, VirtualVersion } from '../lib/monitor-types';
import { virtualKeys } from './list-virtual-devices';

export interface BatchVirtualInput {
  device_ids: number[];
  group_id?: number | null;
  version?: VirtualVersion;
}

export function batchCreateVirtualDevices(input: BatchVirtualInput): Promise<VirtualOut[] | null> {
  return post<VirtualOut[] | null>('/yun/batch/dev/fictitious', input, { silent: true });
}

export function useBatchCreateVirtualDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchCreateVirtualDevices,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: virtualKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['state-info'] });
    },
  });
}
