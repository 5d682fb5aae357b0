// PUT /yun/module: edits a template's fields; a published template keeps its publication until published again.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { TemplateInput, TemplateOut } from '../types';
import { templateChangeKeys } from './keys';

export function updateTemplate(id: number, input: TemplateInput): Promise<TemplateOut> {
  return put<TemplateOut>('/yun/module', { id, ...input }, { silent: true });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TemplateInput }) => updateTemplate(id, input),
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
