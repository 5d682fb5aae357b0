// POST /dev/distribution/cancel: the owner withdraws distributions (110564 when none of the pairs exists).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceKeys } from './keys';

export interface CancelDistributionInput {
  device_ids: number[];
  user_ids: number[];
}

export function cancelDistribution(input: CancelDistributionInput): Promise<null> {
  return post<null>('/dev/distribution/cancel', input);
}

export function useCancelDistribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDistribution,
    onSuccess: (_data, input) => {
      for (const id of input.device_ids)
        void queryClient.invalidateQueries({ queryKey: deviceKeys.distributions(id) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
