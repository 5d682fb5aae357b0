// DELETE /dev/share/received?device_id=: the receiver drops a share given to them.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { deviceChangeKeys } from './keys';

export function cancelReceivedShare(deviceId: number): Promise<null> {
  return del<null>('/dev/share/received', { device_id: deviceId });
}

export function useCancelReceivedShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReceivedShare,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
