// Query keys of the configuration carousel: mutations invalidate the lists they change.
export const carouselKeys = {
  all: ['carousel'] as const,
  groups: () => [...carouselKeys.all, 'groups'] as const,
  devices: (groupId: number) => [...carouselKeys.all, 'devices', groupId] as const,
};
