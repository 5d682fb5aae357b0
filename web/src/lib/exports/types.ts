// The export centre's shapes (docs/api-exports.md): the job as the server's schema says; the request and the list's
// filters as the screens send them (the generated input type requires the fields the server defaults).
import type { Schema } from '@/types/schema';

export type ExportKind = 'report' | 'report_data' | 'history';
export type ExportState = 'queued' | 'running' | 'done' | 'failed';
export type ExportSource = 'manual' | 'schedule';

export const EXPORT_KINDS: readonly ExportKind[] = ['report', 'report_data', 'history'];
export const EXPORT_STATES: readonly ExportState[] = ['queued', 'running', 'done', 'failed'];

/** POST /yun/exportFile: what to export. `report` and `report_data` name a report, `history` a device's history
 * (the parameters of /yun/his/export). */
export interface ExportRequest {
  kind: ExportKind;
  report_id?: number;
  device_id?: number;
  data_source_ids?: number[];
  start?: number;
  end?: number;
  /** An IANA zone name. */
  tz?: string;
  bucket?: string;
  agg?: string;
  fill?: string;
  /** Over EXPORT_ROW_CAP rows: true takes the first ones (else the server answers 110525). */
  confirm: boolean;
}

/** ExportJobOut: one job of the export centre (the server's schema). */
export type ExportJobOut = Schema<'ExportJobOut'>;

/** GET /yun/exportFile/history filters. */
export interface ExportHistoryParams {
  page: number;
  page_size: number;
  state?: ExportState | undefined;
  kind?: ExportKind | undefined;
}

export interface ExportPage {
  items: ExportJobOut[];
  total: number;
  page: number;
  page_size: number;
}

/** A job still at work: the lists showing it poll until it is done or failed. */
export function isActive(job: Pick<ExportJobOut, 'state'>): boolean {
  return job.state === 'queued' || job.state === 'running';
}
