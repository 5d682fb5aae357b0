// POST /yun/dev/group/move: moves devices the caller owns into a group.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { deviceChangeKeys } from './keys';

export interface MoveDevicesInput {
  group_id: number;
  device_ids: number[];
}

export function moveDevices(input: MoveDevicesInput): Promise<null> {
  return post<null>('/yun/dev/group/move', input, { silent: true });
}

export function useMoveDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDevices,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
