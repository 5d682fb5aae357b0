// POST /dev/share: shares devices with accounts (user name, phone or email); all or nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceKeys } from './keys';

export interface ShareDevicesInput {
  device_ids: number[];
  accounts: string[];
  can_write: boolean;
}

export function shareDevices(input: ShareDevicesInput): Promise<null> {
  return post<null>('/dev/share', input, { silent: true });
}

export function useShareDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareDevices,
    onSuccess: (_data, input) => {
      for (const id of input.device_ids)
        void queryClient.invalidateQueries({ queryKey: deviceKeys.shares(id) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.details() });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
