// POST /dev/register: registers a gateway by SN and secret (field errors come back in meta.field).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { DeviceOut, RegisterDeviceInput } from '../types';
import { deviceChangeKeys } from './keys';

export function registerDevice(input: RegisterDeviceInput): Promise<DeviceOut> {
  return post<DeviceOut>('/dev/register', input, { silent: true });
}

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
