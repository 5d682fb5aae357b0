// DELETE /yun/resourcesClassify: one of the caller's classifications, refused while it holds images (114006).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { galleryKeys } from './keys';

export function deleteClassification(id: number): Promise<null> {
  return del<null>('/yun/resourcesClassify', { id });
}

export function useDeleteClassification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.classifications() });
    },
  });
}
