// DELETE /dev/card/binding?device_id=: the owner unbinds the device's flow card.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { deviceKeys } from './keys';

export function unbindCard(deviceId: number): Promise<null> {
  return del<null>('/dev/card/binding', { device_id: deviceId });
}

export function useUnbindCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindCard,
    onSuccess: (_data, deviceId) => {
      queryClient.removeQueries({ queryKey: deviceKeys.card(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
