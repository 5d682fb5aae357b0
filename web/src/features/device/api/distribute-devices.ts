// POST /dev/distribution: the owner distributes devices to users of the tenant (existing grants take can_write).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceKeys } from './keys';

export interface DistributeDevicesInput {
  device_ids: number[];
  user_ids: number[];
  can_write: boolean;
}

export function distributeDevices(input: DistributeDevicesInput): Promise<null> {
  return post<null>('/dev/distribution', input, { silent: true });
}

export function useDistributeDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: distributeDevices,
    onSuccess: (_data, input) => {
      for (const id of input.device_ids)
        void queryClient.invalidateQueries({ queryKey: deviceKeys.distributions(id) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
