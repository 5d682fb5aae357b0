// GET /dev/card/info?device_id=&refresh=: the flow card's package and usage (refresh asks the provider).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { FlowCardOut } from '../types';
import { deviceKeys } from './keys';

export function getCardInfo(deviceId: number, refresh = false): Promise<FlowCardOut> {
  return get<FlowCardOut>('/dev/card/info', { device_id: deviceId, ...(refresh ? { refresh: true } : {}) });
}

/** The card facts arrive with GET /dev/basic/{id}; this asks the provider again and updates the detail. */
export function useRefreshCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => getCardInfo(deviceId, true),
    onSuccess: (card, deviceId) => {
      queryClient.setQueryData(deviceKeys.card(deviceId), card);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) });
    },
  });
}
