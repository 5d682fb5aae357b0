// DELETE /dev/share?device_id=&user_id=: the owner removes one share.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { deviceKeys } from './keys';

export function removeShare(deviceId: number, userId: number): Promise<null> {
  return del<null>('/dev/share', { device_id: deviceId, user_id: userId });
}

export function useRemoveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, userId }: { deviceId: number; userId: number }) => removeShare(deviceId, userId),
    onSuccess: (_data, { deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.shares(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.details() });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
