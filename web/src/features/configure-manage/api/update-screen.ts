// PUT /yun/module/view: renames or resizes a screen (a resize is a new revision of its document), or makes it the
// main one of its kind.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put, type RequestOptions } from '@/lib/http';
import type { ScreenOut } from '../types';
import { templateChangeKeys } from './keys';

export interface ScreenUpdate {
  id: number;
  name?: string;
  is_main?: boolean;
  width?: number;
  height?: number;
}

export function updateScreen(input: ScreenUpdate, options?: RequestOptions): Promise<ScreenOut> {
  return put<ScreenOut>('/yun/module/view', input, options);
}

/** `silent`: the caller shows the error (the rename form puts it next to the field). */
export function useUpdateScreen({ silent = false }: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScreenUpdate) => updateScreen(input, { silent }),
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
