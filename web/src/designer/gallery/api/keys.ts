// Query keys of the gallery: a change to an image or a 3D model touches the lists, the classifications' counts and the
// usage.
import type { ImageListParams, ModelListParams } from '../types';

export const galleryKeys = {
  all: ['gallery'] as const,
  classifications: () => [...galleryKeys.all, 'classifications'] as const,
  images: () => [...galleryKeys.all, 'images'] as const,
  imageList: (params: ImageListParams) => [...galleryKeys.images(), params] as const,
  usage: () => [...galleryKeys.all, 'usage'] as const,
  models: () => [...galleryKeys.all, 'models'] as const,
  modelList: (params: ModelListParams) => [...galleryKeys.models(), params] as const,
};
