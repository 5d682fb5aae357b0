// DELETE /yun/module/share/received?template_id=: the receiver leaves a share given to them.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { TEMPLATES_ROOT } from './library-keys';

export function leaveTemplateShare(templateId: number): Promise<unknown> {
  return del<unknown>('/yun/module/share/received', { template_id: templateId });
}

export function useLeaveTemplateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTemplateShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_ROOT }),
  });
}
