// POST /yun/resourcesInfo/model: a 3D model as one multipart request of all its files (the .gltf, its buffers and
// textures) with its name and classification; the server checks them as checkModelFiles does first.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { ModelOut } from '../types';
import { galleryKeys } from './keys';

export interface UploadModelInput {
  files: File[];
  name: string;
  classifyId: number;
}

export function uploadModel({ files, name, classifyId }: UploadModelInput): Promise<ModelOut> {
  const body = new FormData();
  for (const file of files) body.append('files', file);
  body.append('name', name);
  body.append('classify_id', String(classifyId));
  return post<ModelOut>('/yun/resourcesInfo/model', body, { silent: true });
}

export function useUploadModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadModel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.all });
    },
  });
}
