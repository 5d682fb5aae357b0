// DELETE /yun/resourcesInfo: one of the caller's images, refused while a screen of the tenant shows it (114013).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { galleryKeys } from './keys';

export function deleteImage(id: number): Promise<null> {
  return del<null>('/yun/resourcesInfo', { id });
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.all });
    },
  });
}
