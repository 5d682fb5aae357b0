// DELETE /dev/register?id=: the owner unregisters a device (the row stays, unregistered; grants are dropped).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { deviceChangeKeys } from './keys';

export function unregisterDevice(id: number): Promise<null> {
  return del<null>('/dev/register', { id });
}

export function useUnregisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unregisterDevice,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
