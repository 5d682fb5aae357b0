// POST /yun/resourcesClassify (new) and PUT (rename): a classification of the caller's gallery, name 1–10, unique.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post, put } from '@/lib/http';
import type { ClassifyOut } from '../types';
import { galleryKeys } from './keys';

export interface ClassificationInput {
  /** Absent: a new classification. */
  id?: number;
  name: string;
}

export function saveClassification({ id, name }: ClassificationInput): Promise<ClassifyOut> {
  return id === undefined
    ? post<ClassifyOut>('/yun/resourcesClassify', { name }, { silent: true })
    : put<ClassifyOut>('/yun/resourcesClassify', { id, name }, { silent: true });
}

export function useSaveClassification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClassification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.classifications() });
    },
  });
}
