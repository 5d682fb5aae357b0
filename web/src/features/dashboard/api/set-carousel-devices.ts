// PUT /carousel/dev {id, device_ids}: replaces a group's devices in that order (all readable, or nothing changes);
// answers the group's devices as GET /carousel/dev does.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { CarouselDevice } from '../types';
import { carouselKeys } from './carousel-keys';

export function setCarouselDevices(groupId: number, deviceIds: number[]): Promise<CarouselDevice[]> {
  return put<CarouselDevice[]>('/carousel/dev', { id: groupId, device_ids: deviceIds }, { silent: true });
}

export function useSetCarouselDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, deviceIds }: { groupId: number; deviceIds: number[] }) =>
      setCarouselDevices(groupId, deviceIds),
    onSuccess: (devices, { groupId }) => {
      queryClient.setQueryData(carouselKeys.devices(groupId), devices);
      void queryClient.invalidateQueries({ queryKey: carouselKeys.groups() });
    },
  });
}
