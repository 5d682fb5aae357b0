// GET /yun/module/share?template_id=: the owner's view of a template's receivers and the remaining quota.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { TemplateShareList } from '../types-library';
import { libraryKeys } from './library-keys';

export function listTemplateShares(templateId: number): Promise<TemplateShareList> {
  return get<TemplateShareList>('/yun/module/share', { template_id: templateId });
}

export const templateSharesQueryOptions = (templateId: number) =>
  queryOptions({
    queryKey: libraryKeys.shares(templateId),
    queryFn: () => listTemplateShares(templateId),
    staleTime: 0,
  });

export function useTemplateShares(templateId: number | null) {
  return useQuery({ ...templateSharesQueryOptions(templateId ?? 0), enabled: templateId !== null });
}
