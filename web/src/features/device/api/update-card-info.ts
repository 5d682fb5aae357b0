// PUT /dev/card/info: the owner edits the local provider's book of the card (package, dates, total, warning).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { CardBookInput, FlowCardOut } from '../types';
import { deviceKeys } from './keys';

export function updateCardInfo(input: CardBookInput): Promise<FlowCardOut> {
  return put<FlowCardOut>('/dev/card/info', input, { silent: true });
}

export function useUpdateCardInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCardInfo,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(input.device_id) });
    },
  });
}
