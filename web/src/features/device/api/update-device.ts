// PUT /dev/update: the owner edits a device's site facts (alias, group, address, contact, remark, video).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { DeviceOut, UpdateDeviceInput } from '../types';
import { deviceChangeKeys } from './keys';

export function updateDevice(input: UpdateDeviceInput): Promise<DeviceOut> {
  return put<DeviceOut>('/dev/update', input, { silent: true });
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
