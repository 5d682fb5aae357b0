// DELETE /carousel?id=: removes a carousel group with its device list (the devices are untouched).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { carouselKeys } from './carousel-keys';

export function deleteCarouselGroup(id: number): Promise<null> {
  return del<null>('/carousel', { id });
}

export function useDeleteCarouselGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarouselGroup,
    onSuccess: (_data, id) => {
      void queryClient.invalidateQueries({ queryKey: carouselKeys.groups() });
      queryClient.removeQueries({ queryKey: carouselKeys.devices(id) });
    },
  });
}
