// POST /yun/module/transfer: the owner hands a template over to another account (115022 when refused).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import { TEMPLATES_ROOT } from './library-keys';

export interface TransferTemplateInput {
  template_id: number;
  account: string;
}

export function transferTemplate(input: TransferTemplateInput): Promise<unknown> {
  return post<unknown>('/yun/module/transfer', input, { silent: true });
}

export function useTransferTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_ROOT }),
  });
}
