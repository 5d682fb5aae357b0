// DELETE /yun/module/share?template_id=&user_id=: the owner removes one receiver.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { libraryKeys } from './library-keys';

export function removeTemplateShare(templateId: number, userId: number): Promise<unknown> {
  return del<unknown>('/yun/module/share', { template_id: templateId, user_id: userId });
}

export function useRemoveTemplateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, userId }: { templateId: number; userId: number }) =>
      removeTemplateShare(templateId, userId),
    onSuccess: (_data, { templateId }) => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.shares(templateId) });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.library() });
    },
  });
}
