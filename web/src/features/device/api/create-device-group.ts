// POST /yun/dev/group: creates a device group (name 1–10, notes ≤120, unique in the tenant).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { DeviceGroupOut } from '../types';
import { deviceKeys } from './keys';

export interface DeviceGroupInput {
  name: string;
  notes: string;
}

export function createDeviceGroup(input: DeviceGroupInput): Promise<DeviceGroupOut> {
  return post<DeviceGroupOut>('/yun/dev/group', input, { silent: true });
}

export function useCreateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeviceGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.groups() });
    },
  });
}
