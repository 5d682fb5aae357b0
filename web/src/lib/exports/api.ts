// The export centre's calls: start a job (POST /yun/exportFile), list the caller's jobs (GET
// /yun/exportFile/history), download a finished file (GET /exportFile/download, raw bytes) and delete a job.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, getBlob, post } from '../http';
import {
  isActive,
  type ExportHistoryParams,
  type ExportJobOut,
  type ExportPage,
  type ExportRequest,
} from './types';

/** How often a list showing a queued or running job asks again. */
export const EXPORT_POLL_MS = 2000;
/** The jobs the header's badge looks at (the newest: a running job is among them). */
export const ACTIVE_WINDOW = 20;
/** Where the export centre is. */
export const EXPORT_CENTER_PATH = '/exportCenter';

export const exportKeys = {
  all: ['export-jobs'] as const,
  list: (params: ExportHistoryParams) => [...exportKeys.all, 'list', params] as const,
  active: () => [...exportKeys.all, 'active'] as const,
};

/** Silent: the caller turns 110525 into a confirmation and shows anything else. */
export function createExport(body: ExportRequest): Promise<ExportJobOut> {
  return post<ExportJobOut>('/yun/exportFile', body, { silent: true });
}

export function listExportJobs(params: ExportHistoryParams, silent = false): Promise<ExportPage> {
  const query: Record<string, unknown> = { page: params.page, page_size: params.page_size };
  if (params.state) query.state = params.state;
  if (params.kind) query.kind = params.kind;
  return get<ExportPage>('/yun/exportFile/history', query, { silent });
}

export function deleteExportJob(id: number): Promise<null> {
  return del<null>('/yun/exportFile/history', { id });
}

export function downloadExportFile(id: number): Promise<Blob> {
  return getBlob('/exportFile/download', { id });
}

/** Ask again every EXPORT_POLL_MS while the page holds a job at work, not at all once nothing runs. */
export function pollWhileActive(page: ExportPage | undefined): number | false {
  return page?.items.some(isActive) ? EXPORT_POLL_MS : false;
}

export const exportJobsQueryOptions = (params: ExportHistoryParams) =>
  queryOptions({
    queryKey: exportKeys.list(params),
    queryFn: () => listExportJobs(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });

export function useExportJobs(params: ExportHistoryParams) {
  return useQuery(exportJobsQueryOptions(params));
}

/** How many of the caller's jobs are queued or running (the header's badge); polls only while some are. */
export function useActiveExports(enabled: boolean) {
  return useQuery({
    queryKey: exportKeys.active(),
    queryFn: () => listExportJobs({ page: 1, page_size: ACTIVE_WINDOW }, true),
    enabled,
    select: (page) => page.items.filter(isActive).length,
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });
}

export function useDeleteExportJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteExportJob,
    onSettled: () => client.invalidateQueries({ queryKey: exportKeys.all }),
  });
}
