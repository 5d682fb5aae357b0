// POST /dev/card/binding: the owner binds a flow card (iccid) to a device.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceKeys } from './keys';

export function bindCard(deviceId: number, iccid: string): Promise<unknown> {
  return post<unknown>('/dev/card/binding', { device_id: deviceId, iccid }, { silent: true });
}

export function useBindCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, iccid }: { deviceId: number; iccid: string }) => bindCard(deviceId, iccid),
    onSuccess: (_data, { deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.card(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
