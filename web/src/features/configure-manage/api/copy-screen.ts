// POST /yun/module/view/copy: a copy of a screen under a new name (same kind, size and document; not main).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ScreenOut } from '../types';
import { templateChangeKeys } from './keys';

export interface ScreenCopyInput {
  id: number;
  name: string;
}

export function copyScreen(input: ScreenCopyInput): Promise<ScreenOut> {
  // The form shows a name error next to the field.
  return post<ScreenOut>('/yun/module/view/copy', input, { silent: true });
}

export function useCopyScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyScreen,
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
