// Query keys of the gallery: a change to an image touches the image lists, the classifications' counts and the usage.
import type { ImageListParams } from '../types';

export const galleryKeys = {
  all: ['gallery'] as const,
  classifications: () => [...galleryKeys.all, 'classifications'] as const,
  images: () => [...galleryKeys.all, 'images'] as const,
  imageList: (params: ImageListParams) => [...galleryKeys.images(), params] as const,
  usage: () => [...galleryKeys.all, 'usage'] as const,
};
