// PUT /yun/module/group/move {template_ids, group_id|null}: own templates into a tile group, or out of any.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import { TEMPLATES_ROOT } from './library-keys';

export interface MoveTemplatesInput {
  template_ids: number[];
  group_id: number | null;
}

export function moveTemplates(input: MoveTemplatesInput): Promise<unknown> {
  return put<unknown>('/yun/module/group/move', input, { silent: true });
}

export function useMoveTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTemplates,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_ROOT }),
  });
}
