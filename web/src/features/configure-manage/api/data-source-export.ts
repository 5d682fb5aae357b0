// GET /yun/module/dataSource/export?template_id=: the template's data sources as xlsx (owner or the `export` item).
import { useMutation } from '@tanstack/react-query';

import { getBlob } from '@/lib/http';

export function exportDataSources(templateId: number): Promise<Blob> {
  return getBlob('/yun/module/dataSource/export', { template_id: templateId });
}

export function useExportDataSources() {
  return useMutation({ mutationFn: exportDataSources });
}
