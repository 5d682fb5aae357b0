// PUT /yun/userInfo/{id}/quota: sets the user's quotas (null = unlimited).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { Quota, QuotaOut } from '../types';
import { teamKeys } from './keys';

export function updateUserQuota(id: number, quota: Quota): Promise<QuotaOut> {
  return put<QuotaOut>(`/yun/userInfo/${id}/quota`, quota, { silent: true });
}

export function useUpdateUserQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quota }: { id: number; quota: Quota }) => updateUserQuota(id, quota),
    onSuccess: (data, { id }) => {
      queryClient.setQueryData(teamKeys.quota(id), data);
    },
  });
}
