// POST /yun/module: creates a template with its main web and mobile screens and its default data source group.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { TemplateInput, TemplateOut } from '../types';
import { templateKeys } from './keys';

export function createTemplate(input: TemplateInput): Promise<TemplateOut> {
  return post<TemplateOut>('/yun/module', input, { silent: true });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
