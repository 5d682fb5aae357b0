// GET /dev/import/batchInsert: the xlsx import template (raw file).
import { useMutation } from '@tanstack/react-query';

import { getBlob } from '@/lib/http';

export function getImportTemplate(): Promise<Blob> {
  return getBlob('/dev/import/batchInsert');
}

export function useImportTemplate() {
  return useMutation({ mutationFn: getImportTemplate });
}
