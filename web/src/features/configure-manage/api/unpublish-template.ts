// DELETE /yun/module/publish?id=: withdraws the publication; bound gateways lose their configuration.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import type { TemplateOut } from '../types';
import { templateChangeKeys } from './keys';

export function unpublishTemplate(id: number): Promise<TemplateOut> {
  return del<TemplateOut>('/yun/module/publish', { id });
}

export function useUnpublishTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unpublishTemplate,
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
