// POST /yun/module/copy: a new, unpublished and unbound template of the caller with the screens and data sources.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { TemplateOut } from '../types';
import { templateKeys } from './keys';

export interface CopyTemplateInput {
  id: number;
  /** Omitted: the server names it "<name> 副本" / "<name> copy", made unique. */
  name?: string;
}

export function copyTemplate(input: CopyTemplateInput): Promise<TemplateOut> {
  return post<TemplateOut>('/yun/module/copy', input, { silent: true });
}

export function useCopyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
