// DELETE /yun/module/view?id=: deletes a screen; the main screen of a kind cannot be deleted (115012).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { templateChangeKeys } from './keys';

export function deleteScreen(id: number): Promise<null> {
  return del<null>('/yun/module/view', { id });
}

export function useDeleteScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScreen,
    onSuccess: () => {
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
