// GET /yun/resourcesInfo/usage: the bytes of the caller's images and their gallery_mb quota (null: unlimited).
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { GalleryUsageOut } from '../types';
import { galleryKeys } from './keys';

export function getGalleryUsage(): Promise<GalleryUsageOut> {
  return get<GalleryUsageOut>('/yun/resourcesInfo/usage');
}

export function useGalleryUsage(enabled = true) {
  return useQuery({ queryKey: galleryKeys.usage(), queryFn: getGalleryUsage, enabled });
}
