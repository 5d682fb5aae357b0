// PUT /yun/module/view/order: the screens of one kind in a new order (ids must be exactly that kind's screens).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { MiddlewareOut, ScreenKind, ScreenOut } from '../types';
import { templateChangeKeys, templateKeys } from './keys';

export interface ScreenOrderInput {
  template_id: number;
  kind: ScreenKind;
  ids: number[];
}

export function orderScreens(input: ScreenOrderInput): Promise<ScreenOut[]> {
  return put<ScreenOut[]>('/yun/module/view/order', input);
}

export function useOrderScreens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderScreens,
    onSuccess: (screens, input) => {
      // The answer is the kind's new order: show it at once, then refresh the rest (version, history).
      queryClient.setQueryData<MiddlewareOut>(templateKeys.middleware(input.template_id), (old) =>
        old ? { ...old, screens: [...old.screens.filter((s) => s.kind !== input.kind), ...screens] } : old,
      );
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
