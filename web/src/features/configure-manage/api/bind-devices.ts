// POST /yun/module/bind: binds devices to a template, all or nothing (VPN 115008, bound elsewhere 115009).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { BindInput } from '../types-library';
import { TEMPLATES_ROOT } from './library-keys';

export function bindDevices(input: BindInput): Promise<unknown> {
  return post<unknown>('/yun/module/bind', input, { silent: true });
}

export function useBindDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindDevices,
    // Bound counts, the binding list and the middleware overview all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_ROOT }),
  });
}
