// PUT /yun/dev/group: renames a device group and edits its notes (the default group may be renamed too).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { DeviceGroupOut } from '../types';
import type { DeviceGroupInput } from './create-device-group';
import { deviceKeys } from './keys';

export function updateDeviceGroup(id: number, input: DeviceGroupInput): Promise<DeviceGroupOut> {
  return put<DeviceGroupOut>('/yun/dev/group', { id, ...input }, { silent: true });
}

export function useUpdateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DeviceGroupInput }) => updateDeviceGroup(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.groups() });
      // Rows show the group's name.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
  });
}
