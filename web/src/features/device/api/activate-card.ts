// POST /dev/card/activate: the provider activates the card (110544 failure, 110545 no activation configured).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceKeys } from './keys';

export function activateCard(deviceId: number): Promise<unknown> {
  return post<unknown>('/dev/card/activate', { device_id: deviceId });
}

export function useActivateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateCard,
    onSuccess: (_data, deviceId) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
