// GET /yun/module/dataSource/import: the xlsx import template (headers in the caller's language, one example row).
import { useMutation } from '@tanstack/react-query';

import { getBlob } from '@/lib/http';

export function getDataSourceImportTemplate(): Promise<Blob> {
  return getBlob('/yun/module/dataSource/import');
}

export function useDataSourceImportTemplate() {
  return useMutation({ mutationFn: getDataSourceImportTemplate });
}
