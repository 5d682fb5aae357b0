// DELETE /yun/dev/group?id=: refused for the default group (112000) and groups still in use (112001).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { deviceKeys } from './keys';

export function deleteDeviceGroup(id: number): Promise<null> {
  return del<null>('/yun/dev/group', { id });
}

export function useDeleteDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.groups() });
    },
  });
}
