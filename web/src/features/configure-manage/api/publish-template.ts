// POST /yun/module/publish: freezes a publication the bound gateways fetch; 115007 while no device is bound.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { TemplateOut } from '../types';
import { templateChangeKeys } from './keys';

export function publishTemplate(id: number): Promise<TemplateOut> {
  return post<TemplateOut>('/yun/module/publish', { id });
}

export function usePublishTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTemplate,
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
