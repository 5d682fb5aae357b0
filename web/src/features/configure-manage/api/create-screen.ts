// POST /yun/module/view: adds an empty screen of a kind (name unique per template and kind, at most 50 per kind) of
// a size (a preset or custom in the kind's ranges; left out, the template's size for the kind).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ScreenKind, ScreenOut } from '../types';
import { templateChangeKeys } from './keys';

export interface ScreenInput {
  template_id: number;
  kind: ScreenKind;
  name: string;
  width?: number;
  height?: number;
}

export function createScreen(input: ScreenInput): Promise<ScreenOut> {
  return post<ScreenOut>('/yun/module/view', input, { silent: true });
}

export function useCreateScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScreen,
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
