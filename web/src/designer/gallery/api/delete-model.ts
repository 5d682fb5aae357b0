// DELETE /yun/resourcesInfo/model: one of the caller's 3D models with its files; its bytes leave the gallery quota.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { galleryKeys } from './keys';

export function deleteModel(id: number): Promise<null> {
  return del<null>('/yun/resourcesInfo/model', { id });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.all });
    },
  });
}
