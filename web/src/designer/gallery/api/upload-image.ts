// POST /yun/resourcesInfo: an image into one of the caller's classifications, or without one into their uncategorised
// bucket (multipart file, name, classify_id, use); the server judges the type by the bytes and the size by the use, like checkImageFile does first.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ImageOut, ImageUse } from '../types';
import { galleryKeys } from './keys';

export interface UploadImageInput {
  file: File;
  name: string;
  /** Absent: the caller's uncategorised bucket. */
  classifyId?: number | undefined;
  use: ImageUse;
}

export function uploadImage({ file, name, classifyId, use }: UploadImageInput): Promise<ImageOut> {
  const body = new FormData();
  body.append('file', file);
  body.append('name', name);
  if (classifyId !== undefined) body.append('classify_id', String(classifyId));
  body.append('use', use);
  return post<ImageOut>('/yun/resourcesInfo', body, { silent: true });
}

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.all });
    },
  });
}
