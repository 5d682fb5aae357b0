// POST /dev/takeback: the (secondary) administrator becomes the owner of devices of their users.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceChangeKeys } from './keys';

export function takeBackDevices(deviceIds: number[]): Promise<null> {
  return post<null>('/dev/takeback', { device_ids: deviceIds });
}

export function useTakeBackDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackDevices,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
