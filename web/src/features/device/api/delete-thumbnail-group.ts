// DELETE /yun/dev/dashboard?id=: removes a thumbnail group (its devices are untouched).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { thumbnailKeys } from './thumbnail-groups';

export function deleteThumbnailGroup(id: number): Promise<null> {
  return del<null>('/yun/dev/dashboard', { id });
}

export function useDeleteThumbnailGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThumbnailGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: thumbnailKeys.all });
    },
  });
}
