// DELETE /yun/module/bind {template_id, device_ids}: unbinds devices (a published template stays published).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { delWithBody } from '@/lib/http';
import type { BindInput } from '../types-library';
import { TEMPLATES_ROOT } from './library-keys';

export function unbindDevices(input: BindInput): Promise<unknown> {
  return delWithBody<unknown>('/yun/module/bind', input, { silent: true });
}

export function useUnbindDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindDevices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_ROOT }),
  });
}
