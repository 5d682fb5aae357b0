// Starts an export in the export centre from any screen: over EXPORT_ROW_CAP rows the server answers 110525 (its text
// names the row count); the user is asked, and on yes the export is posted again with `confirm: true` (the file then
// holds the first rows). A started job is announced with the way to the export centre.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { EXPORT_ROW_CAP } from '@/types/limits.gen';
import { isApiError } from '../http';
import { i18n } from '../i18n';
import { navigateTo } from '../navigation';
import { queryClient as appQueryClient } from '../query-client';
import { confirmDialog, toast } from '../toast';
import { createExport, EXPORT_CENTER_PATH, exportKeys } from './api';
import type { ExportJobOut, ExportRequest } from './types';

/** The server's "over the row cap" code (EXPORT_ROW_LIMIT). */
export const EXPORT_CAP_CODE = '110525';
/** How long the "export started" message stays. */
const STARTED_TOAST_MS = 6000;

function StartedMessage({ title }: { title: string }) {
  return (
    <span className="export-started">
      {i18n.t('exports.started', { title })}{' '}
      <a
        href={EXPORT_CENTER_PATH}
        onClick={(event) => {
          event.preventDefault();
          navigateTo(EXPORT_CENTER_PATH);
        }}
      >
        {i18n.t('exports.openCenter')}
      </a>
    </span>
  );
}

export interface StartExportOptions {
  /** The query client whose export lists to refresh (the app's by default). */
  client?: QueryClient;
}

/**
 * Posts the export; resolves with the job, or null when nothing was started (the user declined the row cap, or the
 * server refused: its reason is shown).
 */
export async function startExport(
  body: ExportRequest,
  options: StartExportOptions = {},
): Promise<ExportJobOut | null> {
  const client = options.client ?? appQueryClient;
  let job: ExportJobOut;
  try {
    job = await createExport(body);
  } catch (error) {
    if (!body.confirm && isApiError(error) && error.code === EXPORT_CAP_CODE) {
      const agreed = await confirmDialog({
        type: 'confirm',
        title: i18n.t('exports.cap.title', { cap: EXPORT_ROW_CAP }),
        content: i18n.t('exports.cap.content', { detail: error.detail, cap: EXPORT_ROW_CAP }),
        okText: i18n.t('exports.cap.ok', { cap: EXPORT_ROW_CAP }),
        cancelText: i18n.t('common.action.cancel'),
      });
      return agreed ? startExport({ ...body, confirm: true }, options) : null;
    }
    toast.error(isApiError(error) ? error.detail : i18n.t('exports.failed'));
    return null;
  }
  void client.invalidateQueries({ queryKey: exportKeys.all });
  // Longer than a plain toast: it carries the way to the export centre.
  toast.success(<StartedMessage title={job.title} />, { duration: STARTED_TOAST_MS });
  return job;
}

/** startExport for a component: the page's query client, and whether an export is being started. */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ExportRequest) => startExport(body, { client }) });
}
