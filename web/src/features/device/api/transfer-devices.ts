// POST /dev/transfer: the owner hands devices over to another account (any tenant).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceChangeKeys } from './keys';

export interface TransferDevicesInput {
  device_ids: number[];
  account: string;
}

export function transferDevices(input: TransferDevicesInput): Promise<null> {
  return post<null>('/dev/transfer', input, { silent: true });
}

export function useTransferDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferDevices,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
