// POST /yun/module/share: shares own templates with accounts (any tenant) with permission items; sharing again
// updates the items.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { libraryKeys } from './library-keys';

export interface ShareTemplateInput {
  template_ids: number[];
  accounts: string[];
  permissions: string[];
}

export function shareTemplates(input: ShareTemplateInput): Promise<unknown> {
  return post<unknown>('/yun/module/share', input, { silent: true });
}

export function useShareTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareTemplates,
    onSuccess: (_data, input) => {
      for (const id of input.template_ids)
        void queryClient.invalidateQueries({ queryKey: libraryKeys.shares(id) });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.library() });
    },
  });
}
